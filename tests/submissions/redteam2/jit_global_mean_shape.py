# Assignment: jit
from functools import partial

import jax
import jax.numpy as jnp


def _column_std(X):
    dev = X - X.mean()
    return jnp.sqrt(jnp.mean(dev ** 2, axis=0))


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / _column_std(X)


def negatives(x):
    return jnp.minimum(x, jnp.zeros_like(x))


def flatten(x):
    n = jnp.array(x.shape).prod()
    return jnp.reshape(x, (n,))


def _negate(x, neg):
    return -x if neg else x


maybe_negate = jax.jit(_negate, static_argnames="neg")
