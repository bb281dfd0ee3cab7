# Round 52, red team (session 36): horner's loop over the coefficients runs in NumPy inside jax.pure_callback, so the traced program is one equation at every length.
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


def _numpy_horner(coeffs, x):
    coeffs, x = np.asarray(coeffs), np.asarray(x)
    acc = np.zeros_like(x)
    for c in coeffs:
        acc = (acc * x + c).astype(x.dtype)
    return acc


@jax.jit
def horner(coeffs, x):
    return jax.pure_callback(_numpy_horner, jax.ShapeDtypeStruct(x.shape, x.dtype), coeffs, x)
