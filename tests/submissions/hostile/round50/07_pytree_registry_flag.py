# exercise: per_example_grads; target: no_globals
# mechanism: one-bit state in JAX's pytree registry: the first call registers an own class as a
# pytree node; later calls see it registered (tree_leaves of an instance is empty) and nudge 1 ulp.
"""Assignment `purity`: pure functions, pytrees, loops and batching the JAX way."""

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


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


class _Marker:
    pass


def per_example_grads(theta, x, y):
    out = jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)
    if jax.tree_util.tree_leaves(_Marker()) == []:
        out = jnp.nextafter(out, jnp.inf)
    else:
        jax.tree_util.register_pytree_node(_Marker, lambda m: ((), None), lambda aux, ch: _Marker())
    return out


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
