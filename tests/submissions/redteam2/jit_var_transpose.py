# Assignment: jit
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    scale = X.var(axis=0)
    return (X - mu) / scale


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return x.T.reshape(x.size)


@partial(jax.jit, static_argnames=("neg",))
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
