# Held-out round 31, assignment purity.
# Source: jax-ml/jax issue #1686 "bug in shape-checking rules for the case of fori_loop"
# (a scalar 0 initial carry is not promoted to the body's output shape)
# https://github.com/jax-ml/jax/issues/1686
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

    return lax.fori_loop(0, coeffs.shape[0], body, 0.0)


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    x = jnp.asarray(x)
    count = x.shape[0] - window + 1
    idx = jnp.arange(count)[:, None] + jnp.arange(window)[None, :]
    return jnp.mean(x[idx], axis=1)
