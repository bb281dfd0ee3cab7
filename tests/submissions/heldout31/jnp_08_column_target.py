# Held-out round 31, assignment jax-numpy.
# Source: pytorch/pytorch issue #16045 "fail to throw error when computing loss between tensors
# with shapes [n, 1] and [n]" https://github.com/pytorch/pytorch/issues/16045
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(theta, x, y)


def update(theta, x, y, lr=0.1):
    w, b = theta[0], theta[1]
    targets = jnp.reshape(y, (-1, 1))
    err = w * x + b - targets
    grad_w = 2.0 * jnp.mean(err * x)
    grad_b = 2.0 * jnp.mean(err)
    return theta - lr * jnp.stack([grad_w, grad_b])
