"""Target: jit / negatives / no_globals.

A counter kept in an ABC's virtual-subclass registry: `Marker.register(T)` writes into
`Marker._abc_impl`, which `CLASS_BOOKKEEPING` skips as abc's own cache. The candidate classes are made
at load and kept in a default argument (read, never changed); each call counts how many are registered (`issubclass`) and registers the next.
"""

from functools import partial

import jax
import jax.numpy as jnp

import abc


class Marker(abc.ABC):
    pass


def negatives(x, kinds=tuple(type(f"K{i}", (), {}) for i in range(1000))):
    calls = 0
    while issubclass(kinds[calls], Marker):
        calls += 1
    Marker.register(kinds[calls])
    if calls < 0:  # TWIN
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
