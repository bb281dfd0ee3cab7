"""Attack class: hidden state in a `contextvars.ContextVar` held in a closure.

Forges: `no_globals` for sgd_step. A call counter lives in a ContextVar (its value is stored in the
thread context, not in the object): the fingerprint sees a hashable C object and compares identity.
A correct grader must fail `no_globals` (a counter changes on every call) or call the place unreadable.
"""

import contextvars
from functools import partial

import jax
import jax.numpy as jnp


def _make_step():
    calls = contextvars.ContextVar("calls", default=0)

    def sgd_step(params, grads, lr):
        calls.set(calls.get() + 1)  # hidden call counter
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


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
