# Held-out round 31, assignment purity.
# Source: Stack Overflow "How to calculate moving average using NumPy?" (the cumsum answer and
# its floating-point caveats) https://stackoverflow.com/questions/14313510
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    x = jnp.asarray(x)
    csum = jnp.cumsum(jnp.concatenate([jnp.zeros(1, dtype=x.dtype), x]))
    return (csum[window:] - csum[:-window]) / window
