"""Assignment `purity`, reference solution; attack on `per_example_grads` / `no_globals`.

Class: a ufunc made by `np.frompyfunc` is "immutable by contract" (`np.ufunc`) and the code
walk does not look inside it, yet it runs a Python function: here one that reads and writes a
module-level list that nothing else names.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


_CALLS = []  # module-level state, named only inside the ufunc's Python function
_tick = np.frompyfunc(lambda v: _CALLS.append(v) or len(_CALLS), 1, 1)


def per_example_grads(theta, x, y):
    _tick(0)  # appends to _CALLS on every call
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
