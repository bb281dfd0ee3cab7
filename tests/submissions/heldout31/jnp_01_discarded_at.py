# Held-out round 31, assignment jax-numpy.
# Source: jax-ml/jax issue #2287 "Jax index_update does not update" (the updated array is
# returned, not written in place) https://github.com/jax-ml/jax/issues/2287
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    out = jnp.asarray(x)
    out.at[i].set(value)
    return out


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(theta, x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
