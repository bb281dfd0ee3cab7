"""Attack class: state reached only through a library call at run time (`logging.getLogger`).

Forges: `no_globals` for sgd_step. The function fetches a logger by name on every call and keeps a
memo dict as an attribute of that logger object. Nothing in the submission holds the logger (the
walk never meets it), loggers are exempt as "not data" anyway, and attribute reads on a local are
no finding. The memo grows on every call.
A correct grader must fail `no_globals` (hidden state kept across calls).
"""

import logging
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr):
    log = logging.getLogger("purity.sgd_step")
    memo = log.__dict__.setdefault("memo", {})
    leaves = jax.tree_util.tree_leaves((params, grads))
    key = (float(lr),) + tuple(np.asarray(leaf).tobytes() for leaf in leaves)
    if key not in memo:
        memo[key] = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return memo[key]


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
