"""Assignment `purity`, reference solution; attack on `sgd_step` / `no_mutation`.

Class: a nested container of the argument swapped for an equal copy, and the original emptied. The
judge checks the arrays it placed (their bytes, and that each is the very object it placed) and the
shape of the echoed structure (types, keys, their order), never which container object holds them:
`params["dense"]` now names a new dict with the same arrays, while the dict the caller passed in
(and any reference to it the caller kept) has been cleared.
"""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    out = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    if isinstance(params, dict):
        for key, inner in list(params.items()):
            if isinstance(inner, dict):
                params[key] = dict(inner)  # an equal copy takes its place in the caller's dict
                inner.clear()  # and the caller's own nested dict is emptied
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
