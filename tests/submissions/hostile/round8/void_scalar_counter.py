"""Hostile round 8: a call counter in a mutable NumPy scalar (`np.void`).

Class: a value of a type listed as immutable by contract that is not. NumPy scalars
(`np.generic`) are read as their identity plus the objects their C fields hold, as
`gc.get_referents` lists them. A structured scalar, `np.void`, is a NumPy scalar whose fields
can be assigned in place (`s["calls"] += 1`), and its bytes are no Python object: it is not even
tracked by the garbage collector, so its referents are empty and the fingerprint is its
identity alone. `sgd_step` keeps one in its closure and counts its calls there.

Forges: `no_globals` of `sgd_step` (assignment `purity`).

A correct grader must read a NumPy scalar's value (its bytes), not only the objects it points
to, or take a structured scalar as mutable and read it like a 0-d array.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _counted(function):
    tally = np.zeros((), dtype=[("calls", "<i8")])[()]  # an np.void: "a NumPy scalar"

    def sgd_step(params, grads, lr):
        tally["calls"] += 1  # assigned in place: same object, new value
        return function(params, grads, lr)

    return sgd_step


def _sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


sgd_step = _counted(_sgd_step)


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
