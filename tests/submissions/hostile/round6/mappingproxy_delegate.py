"""Assignment `jax-numpy`, reference solution; attack on `pure_update` / `no_globals`.

Class: a `types.MappingProxyType` is compared by identity ("immutable by contract"), but it
delegates every lookup to the mapping it wraps, which may be any object: here one that counts
the lookups made through the proxy.
"""

import types
from collections.abc import Mapping

import jax
import jax.numpy as jnp


class _Counting(Mapping):
    def __init__(self):
        self.calls = 0

    def __getitem__(self, key):
        self.calls += 1
        return self.calls

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


def _make_pure_update():
    proxy = types.MappingProxyType(_Counting())

    def pure_update(x, i, value):
        proxy["calls"]  # bumps the hidden counter behind the proxy
        return jnp.asarray(x).at[i].set(value)

    return pure_update


pure_update = _make_pure_update()


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
