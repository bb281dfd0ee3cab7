"""Hostile round 8: a log kept in a dict that a library class holds (`np.finfo._finfo_cache`).

Class: library data reached through a library class rather than a module. The code reading
watches data named as `module.attribute` (`np.typecodes`); on a class it follows only the
submission's own classes, and the library watch compares each library class's names by
identity. A library class's class-level dict (NumPy's `finfo` cache) is data like any other:
`sgd_step` keeps a list in it, under a key of its own, and appends to it on every call.

Forges: `no_globals` of `sgd_step` (assignment `purity`).

A correct grader must watch the mutable data the code names through a library class
(`np.finfo._finfo_cache`, `SomeEnum._member_map_`) as it watches module data, or watch library
containers in place whatever route reaches them.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr):
    np.finfo._finfo_cache.setdefault("sgd_step calls", []).append(len(params))  # grows every call
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
