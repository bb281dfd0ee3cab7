# Held-out round 31, assignment purity.
# Source: jax-ml/jax pull request #2530 "Expand docstring for vmap with details about out_axes"
# https://github.com/jax-ml/jax/pull/2530
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    if isinstance(params, dict):
        return {name: sgd_step(params[name], grads[name], lr) for name in params}
    return params - lr * grads


@jax.jit
def horner(coeffs, x):
    def step(acc, c):
        return acc * x + c, None

    result, _ = lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    batched = jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0), out_axes=1)
    return batched(theta, x, y)


def moving_average(x, window):
    kernel = jnp.ones(window, dtype=jnp.float32) / window
    return jnp.convolve(x, kernel, mode="valid")
