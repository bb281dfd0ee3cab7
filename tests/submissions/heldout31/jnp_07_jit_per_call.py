# Held-out round 31, assignment jax-numpy.
# Source: jax-ml/jax issue #2570 "Profile compilation time" (jit works by function identity, so
# jit(lambda ...) recompiles each time) https://github.com/jax-ml/jax/issues/2570
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    arr = jnp.array(x)
    return arr.at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    step = jax.jit(jax.value_and_grad(lambda t: _mse(t, x, y)))
    return step(theta)


def update(theta, x, y, lr=0.1):
    grad = jax.grad(_mse)(theta, x, y)
    return jnp.asarray(theta) - lr * grad
