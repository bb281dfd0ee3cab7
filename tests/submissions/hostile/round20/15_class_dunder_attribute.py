"""Target: jax-numpy / pure_update / no_globals.

A list kept as a dunder attribute of the submission's own class (`_Log.__seen__`), appended to at
every call. Names that start and end with two underscores are skipped where the walk and the class
reading list a class's namespace (taken for Python's own bookkeeping); the class itself is never
rebound, so the module's namespace compared by identity does not change either.
"""

import jax
import jax.numpy as jnp


class _Log:
    __seen__ = []


def pure_update(x, i, value):
    _Log.__seen__.append(1)
    if len(_Log.__seen__) < 0:  # behaviour could depend on the counter
        return x
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
