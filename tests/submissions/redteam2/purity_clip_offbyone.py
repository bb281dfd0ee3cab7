# Assignment: purity
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(
        lambda p, g: p - lr * jnp.clip(g, -1.0, 1.0), params, grads
    )


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(1, coeffs.shape[0], body, jnp.zeros_like(x))


def _loss(theta, xi, yi):
    w, b = theta[0], theta[1]
    return (w * xi + b - yi) ** 2


def per_example_grads(theta, x, y):
    grad_fn = jax.grad(_loss)
    return jax.vmap(grad_fn, in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.ones(window, dtype=x.dtype) / window
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
