"""Target: jit / negatives / no_globals.

A counter kept in the module's own `__annotations__` dict (made by a module-level annotation), an
interpreter name: the namespace is compared by identity (the dict stays the same object) and
`other_global` skips interpreter names. The function reads and writes it in place.
"""

from functools import partial

import jax
import jax.numpy as jnp

rt21_count: int


def negatives(x):
    calls = len(__annotations__)
    __annotations__[f"rt21_{calls}"] = int
    if calls < 1:  # TWIN
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
