# Held-out round 31, assignment purity.
# Source: jax.lax.fori_loop documentation (the loop runs for lower <= i < upper, like range)
# https://docs.jax.dev/en/latest/_autosummary/jax.lax.fori_loop.html
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    if isinstance(params, dict):
        return {key: sgd_step(params[key], grads[key], lr) for key in params}
    return params - lr * grads


@jax.jit
def horner(coeffs, x):
    k = coeffs.shape[0]

    def body(i, acc):
        return acc * x + coeffs[i]

    acc0 = jnp.full_like(x, coeffs[0])
    return lax.fori_loop(1, k - 1, body, acc0)


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    kernel = jnp.ones(window, dtype=jnp.float32) / window
    return jnp.convolve(x, kernel, mode="valid")
