"""Assignment `jax-numpy`, reference solution; attack on `update` / `no_globals`.

Class: data kept under a dunder name (`__calls__`) on the submission's own function: the walk
skips dunder attributes of functions and classes (`is_dunder`), and the code reading skips them
too, so a list hung there grows per call unseen.
"""

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    update.__calls__.append(1)  # hidden per-call state under a dunder name
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


update.__calls__ = []
