"""Assignment `jax-numpy`, reference solution; attack on `pure_update` / `no_globals`.

Class: a library object that is callable, bound as a module-level name, keeps data in its C fields.
`list[[]]` is a `types.GenericAlias` (calling it builds a list, so the walk counts it as code): its
`__args__` tuple holds a list, which the function appends to. The walk looks into callables only
for the submission's functions and a `__dict__`, so the alias is never fingerprinted at all.
"""

import jax
import jax.numpy as jnp

_Log = list[[]]  # a generic alias: callable, so "code", yet __args__[0] is a plain list


def pure_update(x, i, value):
    _Log.__args__[0].append(i)  # grows by one per call
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
