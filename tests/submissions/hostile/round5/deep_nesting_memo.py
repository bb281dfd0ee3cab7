"""Attack class: state hidden below the fingerprint depth limit (FINGERPRINT_DEPTH = 5).

Forges: `no_globals` for sgd_step. A memo cache (a dict) sits six lists deep inside a closure cell.
The fingerprint gives up past depth 5 with a constant "deep|dict" text, which is not "unreadable",
so the cache filling on every call changes no digest.
A correct grader must fail `no_globals` (the memo changed) or refuse to pass state it could not read.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _make_step():
    box = [[[[[[{}]]]]]]  # six levels: the dict is below the fingerprint horizon

    def sgd_step(params, grads, lr):
        memo = box[0][0][0][0][0][0]
        leaves = jax.tree_util.tree_leaves((params, grads))
        key = (float(lr),) + tuple(np.asarray(leaf).tobytes() for leaf in leaves)
        if key not in memo:
            memo[key] = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return memo[key]

    return sgd_step


sgd_step = _make_step()


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
