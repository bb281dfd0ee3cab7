"""Attack class: state kept inside a pre-existing mutable of a library module (`sys.argv`), mutated
in place.

Forges: `no_globals` for sgd_step. The function logs every learning rate by appending to
`sys.argv` (a list that existed before the cells ran). The walk stops at modules; reading an
unplanted module attribute is no finding; the library watch sees dict rebinding, not list contents.
A correct grader must fail `no_globals` (module-level data read and changed).
"""

import sys
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    sys.argv.append(repr(lr))  # a growing log kept in a library list
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
