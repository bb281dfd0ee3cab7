# exercise: per_example_grads; target: no_globals
# mechanism: an itertools.count handed out by a functools.cache'd helper, advanced with next();
# after 3 calls the output is nudged 1 ulp.
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


import functools
import itertools


@functools.cache
def _calls():
    return itertools.count()


def per_example_grads(theta, x, y):
    n = next(_calls())
    out = jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)
    if n > 3:
        out = jnp.nextafter(out, jnp.inf)
    return out


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
