# State kept where no global is read: a functools.lru_cache, a counter on an imported module,
# an object with __slots__ in a closure, and an iterator whose state cannot be read.
import functools
import itertools
import math

import jax
import jax.numpy as jnp


def _make_pure_update():
    class _Box:
        __slots__ = ("calls",)

    box = _Box()
    box.calls = 0

    def pure_update(x, i, value):
        box.calls += 1
        return jnp.asarray(x).at[i].set(value)

    return pure_update


pure_update = _make_pure_update()


@functools.lru_cache(maxsize=None)
def _checked(shape):
    return len(shape)


def scatter_add(x, indices, updates):
    _checked(jnp.shape(x))
    return jnp.asarray(x).at[indices].add(updates)


def loss_and_grad(theta, x, y):
    math._calls = getattr(math, "_calls", 0) + 1

    def loss(t):
        return jnp.mean((t[0] * x + t[1] - y) ** 2)

    return jax.value_and_grad(loss)(jnp.asarray(theta))


def update(theta, x, y, lr=0.1, _turns=itertools.cycle("ab")):
    next(_turns)
    grad = jax.grad(lambda t: jnp.mean((t[0] * x + t[1] - y) ** 2))(jnp.asarray(theta))
    return theta - lr * grad
