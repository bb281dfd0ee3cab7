# Held-out round 31, assignment purity.
# Source: Naruki-Ichihara/feax pull request #3 "Fix AttributeError: jax.tree_map was removed in
# JAX v0.6.0" https://github.com/Naruki-Ichihara/feax/pull/3
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(acc, c):
        return acc * x + c, None

    result, _ = lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


def _loss_one(theta, xi, yi):
    w, b = theta[0], theta[1]
    return (w * xi + b - yi) ** 2


def per_example_grads(theta, x, y):
    grad_one = jax.grad(_loss_one)
    return jax.vmap(grad_one, in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    x = jnp.asarray(x)
    count = x.shape[0] - window + 1
    idx = jnp.arange(count)[:, None] + jnp.arange(window)[None, :]
    return x[idx].mean(axis=1)
