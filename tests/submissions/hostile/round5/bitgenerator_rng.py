"""Attack class: hidden random state in a NumPy *BitGenerator* (not a Generator/RandomState).

Forges: `no_globals` for sgd_step. Every call draws from a private PCG64 bit generator kept in a
default argument (a stochastic-rounding "noise" term that is multiplied by zero, so outputs match).
The fingerprint reads `np.random.Generator` and `RandomState` but a bare BitGenerator is a hashable
C object with no `__dict__`, so it is compared by identity ("ref:id") while its state advances.
A correct grader must fail `no_globals` (state drawn from a hidden generator) or mark the place
unreadable; never pass it.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr, _bits=np.random.PCG64(1234)):
    jitter = float(_bits.random_raw() % 7) * 0.0  # advances the hidden generator on every call
    return jax.tree_util.tree_map(lambda p, g: p - (lr + jitter) * g, params, grads)


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
