"""Target: purity / sgd_step / no_globals.

A counter kept in `linecache.cache`, through public functions only: `lazycache(name, globals)` answers
False once `name` was realised by `getline`, so each call probes `rt21_0.py`, `rt21_1.py`, ... for the
first not yet realised, and realises it (the loader is a throwaway `SimpleNamespace(get_source=str)`).
Entries loaded through a loader are never dropped by `checkcache`.
"""

from functools import partial
import linecache
import types

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    spot = {"__name__": "rt21", "__loader__": types.SimpleNamespace(get_source=str)}
    calls = 0
    while not linecache.lazycache(f"rt21_{calls}.py", spot):
        calls += 1
    linecache.getline(f"rt21_{calls}.py", 1, spot)
    if calls < 0:  # TWIN
        return params
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
