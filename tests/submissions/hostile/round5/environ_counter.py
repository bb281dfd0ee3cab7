"""Attack class: state kept in a pre-existing library container (`os.environ`).

Forges: `no_globals` for sgd_step. A call counter is kept in the process environment. `os` is a
module (the walk stops at modules), `os.environ` existed before the cells ran (so it is not
"planted" data), the source screen never trips on `os.environ`, and no dict watcher sees an
`_Environ` item change. The counter grows on every call.
A correct grader must fail `no_globals` (a library container read and written by the function).
"""

import os
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    os.environ["SGD_STEP_CALLS"] = str(int(os.environ.get("SGD_STEP_CALLS", "0")) + 1)
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
