"""Assignment `purity`, reference solution; attack on `sgd_step` / `no_globals`.

Class: state hung in a library *function's* own `__dict__` (not a module's or a class's): the
code walk stops at a library function reached through a module, the state walk never reads
non-submission functions' attributes, and the dict watchers watch modules and classes only.
"""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    jax.tree_util.tree_map.__dict__.setdefault("calls", []).append(1)  # hidden call counter
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
