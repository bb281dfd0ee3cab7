"""jit assignment -- default arguments and closures on helper functions."""
from functools import partial

import jax
import jax.numpy as jnp


def _standardise(X, mean=jnp.mean, std=jnp.std):
    return (X - mean(X, axis=0)) / std(X, axis=0)


def _make_negatives(where=jnp.where, zeros=jnp.zeros_like):
    def inner(x):
        return where(x < 0, x, zeros(x))
    return inner


def _make_flatten(reshape=jnp.reshape):
    def inner(x):
        return reshape(x, (x.size,))
    return inner


_negatives_impl = _make_negatives()
_flatten_impl = _make_flatten()


@jax.jit
def norm(X):
    return _standardise(X)


def negatives(x):
    return _negatives_impl(x)


def flatten(x):
    return _flatten_impl(x)


def _apply_sign(x, neg, negate=jnp.negative):
    return negate(x) if neg else x


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return _apply_sign(x, neg)
