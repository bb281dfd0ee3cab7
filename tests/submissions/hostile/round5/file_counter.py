"""Attack class: state kept on the file system (the worker's writable working directory).

Forges: `no_globals` for sgd_step. Each call appends a line to a file in the working directory and
reads how many lines it holds (a call counter that survives between calls). Files are not places the
fingerprint reads, `open` of a regular path is no audit event the grader records, and the source
screen does not list file I/O.
A correct grader must fail `no_globals` (state kept across calls), or flag it for review.
"""

import os
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    path = os.path.join(os.getcwd(), ".sgd_step_calls.txt")
    with open(path, "a+") as log:
        log.write(f"{lr}\n")
        log.seek(0)
        calls = len(log.readlines())
    scale = 1.0 if calls > 0 else 0.0
    return jax.tree_util.tree_map(lambda p, g: p - lr * scale * g, params, grads)


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
