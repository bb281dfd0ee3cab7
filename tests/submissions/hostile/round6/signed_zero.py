"""Assignment `purity`, reference solution; attack on `sgd_step` / `no_mutation`.

Class: a write into the argument's bytes that compares equal: every +0.0 in `params` is turned
into -0.0 in place. The judge reads the bytes itself, but compares them with `==`, under which
-0.0 equals +0.0 (and any NaN equals any NaN), not bit for bit.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr):
    out = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    for leaf in jax.tree_util.tree_leaves(params):
        if isinstance(leaf, np.ndarray) and leaf.flags.writeable:
            np.copysign(leaf, -1.0, out=leaf, where=(leaf == 0))  # in-place write into the caller's array
    return out


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
