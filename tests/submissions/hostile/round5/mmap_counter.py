"""Attack class: hidden state in an anonymous `mmap` (a mutable buffer the fingerprint does not list).

Forges: `no_globals` for sgd_step. A call counter is written into an anonymous memory map kept as a
default argument. `mmap.mmap` is not bytes/bytearray/memoryview/array, is hashable and has no
`__next__`, so the fingerprint compares it by identity while its bytes change on every call.
A correct grader must fail `no_globals` or mark the place unreadable.
"""

import mmap
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr, _page=mmap.mmap(-1, 16)):
    _page[0] = (_page[0] + 1) % 256  # hidden call counter
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
