"""Assignment `purity`, reference solution; attack on `per_example_grads` / `no_globals`.

Class: a function's `__annotations__` dict lives in a C slot of the function object, not in its
`__dict__`, so neither the state walk (`vars(function)`) nor the code reading sees it: a counter
kept in a helper's annotations changes on every call unseen.
"""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi) -> float:
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    notes = _example_loss.__annotations__
    notes["calls"] = notes.get("calls", 0) + 1  # hidden per-call counter in the annotations slot
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
