"""Assignment `jax-numpy`, reference solution; attack on `scatter_add` / `no_globals`.

Class: a C I/O object (`io.BufferedWriter`) has a `__dict__` of its own, so it is read as a
plain object: its identity and an empty dict. The in-memory stream it writes to lives in its C
fields and grows by one byte per call, unseen.
"""

import io

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def _make_scatter_add():
    log = io.BufferedWriter(io.BytesIO())  # the BytesIO is reachable only through C fields

    def scatter_add(x, indices, updates):
        log.write(b".")
        log.flush()  # the hidden stream grows on every call
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
