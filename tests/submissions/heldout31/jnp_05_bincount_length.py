# Held-out round 31, assignment jax-numpy.
# Source: jnp.bincount documentation and jax-ml/jax pull request #18464 ("length must be static")
# https://docs.jax.dev/en/latest/_autosummary/jax.numpy.bincount.html
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    arr = jnp.array(x)
    return arr.at[i].set(value)


def scatter_add(x, indices, updates):
    totals = jnp.bincount(indices, weights=updates)
    return jnp.asarray(x) + totals


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(theta, x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
