"""jit assignment -- module-level aliases of library functions."""
from functools import partial

import jax
import jax.numpy as jnp

_mean = jnp.mean
_std = jnp.std
_where = jnp.where
zeros_like = jnp.zeros_like
_ravel = jnp.ravel
_neg = jnp.negative
relu = jax.nn.relu  # not used in graded functions directly, just handy


@jax.jit
def norm(X):
    return (X - _mean(X, 0)) / _std(X, 0)


def negatives(x):
    return _where(x < 0, x, zeros_like(x))


def flatten(x):
    return _ravel(x).reshape((x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return _neg(x) if neg else x
