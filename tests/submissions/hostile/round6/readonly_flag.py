"""Assignment `jax-numpy`, reference solution; attack on `pure_update` / `no_mutation`.

Class: an array argument's metadata changed in place (`setflags(write=False)`): the caller's
array can no longer be written, yet its bytes are untouched and it is still the same object, so
the judge, comparing only bytes in its shared memory, sees nothing.
"""

import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    out = jnp.asarray(x).at[i].set(value)
    if isinstance(x, np.ndarray):
        x.setflags(write=False)  # mutates the caller's array: it is read-only from now on
    return out


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
