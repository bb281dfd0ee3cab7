# Module-level data reached without naming it in the function body, and state kept
# on the function itself or on a callable object.
import importlib
import sys

import jax
import jax.numpy as jnp

OFFSET = 0.0
ZERO = 0.0


class _Tracker:
    def __init__(self):
        self.count = 0

    def __call__(self):
        self.count += 1


_track = _Tracker()


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value + sys.modules[__name__].OFFSET)


def scatter_add(x, indices, updates):
    module = importlib.import_module(__name__)
    return jnp.asarray(x).at[indices].add(updates) + vars(module)["ZERO"]


def loss_and_grad(theta, x, y):
    loss_and_grad.calls = getattr(loss_and_grad, "calls", 0) + 1

    def loss(t):
        return jnp.mean((t[0] * x + t[1] - y) ** 2)

    return jax.value_and_grad(loss)(jnp.asarray(theta))


def update(theta, x, y, lr=0.1):
    _track()
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
