# Held-out round 31, assignment purity.
# Source: jax-ml/jax issue #15136 (an update that writes new parameters into the object it was
# given) and JAX "Sharp Bits", pure functions
# https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    for key in params:
        if isinstance(params[key], dict):
            sgd_step(params[key], grads[key], lr)
        else:
            params[key] = params[key] - lr * grads[key]
    return params


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
    kernel = jnp.ones(window, dtype=jnp.float32) / window
    return jnp.convolve(x, kernel, mode="valid")
