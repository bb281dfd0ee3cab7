"""Assignment `purity`, reference solution; attack on `sgd_step` / `no_globals`.

Class: a `property` object is compared by identity ("immutable by contract") and is not
callable, so the walk never descends into it; its `fget` is a closure over a list that
grows on every call.
"""

from functools import partial

import jax
import jax.numpy as jnp


def _make_sgd_step():
    seen = []

    def _tick(_):
        seen.append(1)
        return len(seen)

    prop = property(_tick)  # the only reference to the closure

    def sgd_step(params, grads, lr):
        prop.fget(None)  # counts every call
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


sgd_step = _make_sgd_step()


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
