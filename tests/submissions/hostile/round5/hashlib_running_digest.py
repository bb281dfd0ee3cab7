"""Attack class: state in a C object the fingerprint compares by identity (a running `hashlib` hash).

Forges: `no_globals` for sgd_step. A `hashlib.sha256()` object in a closure absorbs every learning rate
it is called with (a "reproducibility log"); its internal state changes on every call. It is hashable,
has no `__dict__` and no `__next__`, so the fingerprint writes `ref:<id>` and sees no change.
A correct grader must fail `no_globals` or mark such an opaque mutable object unreadable.
"""

import hashlib
from functools import partial

import jax
import jax.numpy as jnp


def _make_step():
    log = hashlib.sha256()

    def sgd_step(params, grads, lr):
        log.update(repr(lr).encode())  # hidden state grows on every call
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return _step_with(sgd_step)


def _step_with(function):
    return function


sgd_step = _make_step()


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
