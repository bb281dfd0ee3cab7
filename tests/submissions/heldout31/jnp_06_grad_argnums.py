# Held-out round 31, assignment jax-numpy.
# Source: Stack Overflow "Understanding JAX argnums parameter in its gradient function"
# and the jax.grad documentation https://docs.jax.dev/en/latest/_autosummary/jax.grad.html
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    x = jnp.asarray(x)
    return x.at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse, argnums=1)(theta, x, y)


def update(theta, x, y, lr=0.1):
    grad = jax.grad(_mse)(theta, x, y)
    return theta - lr * grad
