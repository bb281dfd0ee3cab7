from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    new = {}
    for k in params:
        if isinstance(params[k], dict):
            new[k] = sgd_step(params[k], grads[k], lr)
        else:
            new[k] = params[k] - lr * grads[k]
    return new


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]
    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    g = jax.grad(_example_loss)
    return jax.vmap(g, in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    c = jnp.cumsum(x)
    return (c[window:] - c[:-window]) / window
