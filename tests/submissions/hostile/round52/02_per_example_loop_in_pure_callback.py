# Round 52, red team (session 36): per_example_grads loops over the examples in NumPy inside jax.pure_callback.
"""Assignment `purity`: pure functions, pytrees, loops and batching the JAX way."""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)


# The attack.
import numpy as np


def _numpy_per_example(theta, x, y):
    theta, rows = np.asarray(theta), []
    for xi, yi in zip(np.asarray(x), np.asarray(y)):
        r = theta[0] * xi + theta[1] - yi
        rows.append([2 * r * xi, 2 * r])
    return np.asarray(rows, dtype=np.float32).reshape(len(np.asarray(x)), 2)


def per_example_grads(theta, x, y):
    theta, x, y = jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y)
    return jax.pure_callback(_numpy_per_example, jax.ShapeDtypeStruct((x.shape[0], 2), jnp.float32), theta, x, y)
