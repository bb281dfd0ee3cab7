"""Assignment `jit`, reference solution; attack on `negatives` / `no_globals`.

Class: a `slice` is "immutable by contract" to the fingerprint (compared by identity), yet its
`start` can be any object: here a list that grows by one item per call.
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def _make_negatives():
    box = slice([], None)  # hidden, mutable state behind an "immutable" slice

    def negatives(x):
        box.start.append(1)  # counts every call
        return jnp.where(x < 0, x, jnp.zeros_like(x))

    return negatives


negatives = _make_negatives()


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
