"""jax-numpy HW, plain script.

Habits: a custom `PerformanceWarning(UserWarning)` class raised with `warnings.warn(...)`
(default stacklevel) inside `pure_update` to remind me that it copies; `__slots__`-free
`typing.NamedTuple` for (loss, grad) pairs; `__all__`; `@functools.wraps` timing decorator
defined but only used in the demo; `__main__` demo.
"""
import functools
import time
import warnings
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["pure_update", "scatter_add", "loss_and_grad", "update"]


class PerformanceWarning(UserWarning):
    """x.at[i].set(...) outside jit copies the whole array."""


class LossGrad(NamedTuple):
    loss: jax.Array
    grad: jax.Array


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        print(f"{fn.__name__}: {time.perf_counter() - t0:.4f}s")
        return out
    return wrapper


def pure_update(x, i, value):
    warnings.warn("pure_update copies x; inside jit XLA does it in place", PerformanceWarning)
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def loss_and_grad(theta, x, y):
    def mse(th):
        return jnp.mean((th[0] * x + th[1] - y) ** 2)

    loss, grad = jax.value_and_grad(mse)(jnp.asarray(theta))
    return LossGrad(loss, grad)


def update(theta, x, y, lr=0.1):
    return theta - lr * loss_and_grad(theta, x, y).grad


if __name__ == "__main__":
    print(timed(pure_update)(np.zeros(5), 2, 1.0))
    print(scatter_add(jnp.zeros(3), jnp.array([0, 0, 2]), jnp.ones(3)))
