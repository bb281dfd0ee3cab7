"""Assignment `jit`, reference solution; attack on `flatten` / `no_globals`.

Class: a Python subclass of a C type gains an (empty) `__dict__`, so the fingerprint reads it as
a plain object (identity and instance dict) and never reaches the C state: an
`itertools.count` subclass advances on every call unseen (a plain `count` is read by its repr).
"""

import itertools
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


class _Ticker(itertools.count):
    pass


def _make_flatten():
    ticks = _Ticker()

    def flatten(x):
        next(ticks)  # advances the hidden counter
        return jnp.reshape(x, (x.size,))

    return flatten


flatten = _make_flatten()


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
