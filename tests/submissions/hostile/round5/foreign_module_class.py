"""Attack class: a class the submission creates but that claims another module, built by a library
factory (`collections.namedtuple(..., module="jax")`), used as a state holder.

Forges: `no_globals` for sgd_step. The walk and the fingerprint look into a class's attributes only
when the class's `__module__` is the submission's own. `namedtuple` sets `__module__` from its `module=`
argument (no `__module__` assignment for the source screen to see), so `_Log.calls`, a list appended
to on every call, is never fingerprinted, and reading `_Log.calls` is no finding (a library class).
A correct grader must fail `no_globals` (class-level state changed by every call): a class defined by
the submission's code is the submission's, whatever name of module it carries.
"""

import collections
from functools import partial

import jax
import jax.numpy as jnp

_Log = collections.namedtuple("_Log", "lr", module="jax.tree_util")
_Log.calls = []


def sgd_step(params, grads, lr):
    _Log.calls.append(_Log(lr))  # class-level list, grows on every call
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
