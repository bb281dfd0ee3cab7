"""Target: jit / negatives / no_globals.

A module-level list bound under a dunder name (`__calls__`). The state watch skips dunder
names everywhere: `code_roots` ignores LOAD_GLOBAL of a dunder, the "other_global" sweep
skips dunders, and the namespace is compared only by identity (the list is mutated in
place). Each call appends one item; the count is observable (and could steer the answer).
"""

from functools import partial

import jax
import jax.numpy as jnp

__calls__ = []


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    __calls__.append(1)
    if len(__calls__) < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
