"""Assignment `jax-numpy`, reference solution; attack on `scatter_add` / `no_globals`.

Class: an `operator.methodcaller` is compared by identity ("immutable by contract"), but the
arguments it holds may be mutable: `caller(f)` runs `f(held_list)`, which appends to it.
"""

import operator

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def _make_scatter_add():
    caller = operator.methodcaller("__call__", [])  # holds a list nobody walks

    def scatter_add(x, indices, updates):
        caller(lambda held: held.append(1))  # one more item per call
        return jnp.asarray(x).at[indices].add(updates)

    return scatter_add


scatter_add = _make_scatter_add()


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
