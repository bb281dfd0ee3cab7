# Held-out round 31, assignment jax-numpy.
# Source: JAX "Sharp Bits", out-of-bounds indexing (out-of-bounds updates are silently dropped)
# https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#out-of-bounds-indexing
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    arr = jnp.asarray(x)
    idx = jnp.where(i < 0, i + arr.size, i)
    return arr.at[idx].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    pred = theta[0] * x + theta[1]
    return jnp.mean((pred - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(theta, x, y)


def update(theta, x, y, lr=0.1):
    _, g = loss_and_grad(theta, x, y)
    return jnp.asarray(theta) - lr * g
