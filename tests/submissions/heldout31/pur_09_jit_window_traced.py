# Held-out round 31, assignment purity.
# Source: JAX "Sharp Bits", dynamic shapes, and the jax.jit documentation on static_argnames
# https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#dynamic-shapes
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(acc, c):
        return acc * x + c, None

    result, _ = lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@jax.jit
def moving_average(x, window):
    kernel = jnp.ones(window) / window
    return jnp.convolve(x, kernel, mode="valid")
