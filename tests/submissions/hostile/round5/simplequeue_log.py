"""Attack class: hidden state in a `queue.SimpleQueue` (C container with no readable contents).

Forges: `no_globals` for sgd_step. Every call pushes its learning rate onto a SimpleQueue in a
closure (a log that grows forever). SimpleQueue is hashable, has no `__dict__`, no `__next__`, and
is not among the containers the fingerprint reads, so it is compared by identity.
(`_queue`, the C module, is imported: `import queue` loads a .py and its `marshal.loads` audit
event flags the import line.)
A correct grader must fail `no_globals` (its size changed) or mark it unreadable.
"""

import _queue
from functools import partial

import jax
import jax.numpy as jnp

_history = _queue.SimpleQueue()


def _make_step(history):
    def sgd_step(params, grads, lr):
        history.put(lr)  # grows on every call
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


sgd_step = _make_step(_history)
del _history


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
