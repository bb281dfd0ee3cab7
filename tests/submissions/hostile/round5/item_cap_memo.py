"""Attack class: state hidden past the fingerprint item cap (2000 items per container).

Forges: `no_globals` for sgd_step. A memo dict in a closure is pre-filled with 2000 harmless keys;
every real entry is inserted after them, and the fingerprint reads only `list(dict.items())[:2000]`
(the length is only in the message summary, not in the digest). The cache grows on every call.
A correct grader must fail `no_globals` (a dict gained an item) or refuse to pass a container it
read only in part.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _make_step():
    memo = {("pad", i): None for i in range(2000)}  # the fingerprint stops reading here

    def sgd_step(params, grads, lr):
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
