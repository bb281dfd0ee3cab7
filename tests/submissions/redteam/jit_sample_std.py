# Assignment: jit
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    n = X.shape[0]
    mean = jnp.sum(X, axis=0) / n
    std = jnp.sqrt(jnp.sum((X - mean) ** 2, axis=0) / (n - 1))
    return (X - mean) / std


def negatives(x):
    zeros = jnp.zeros_like(x)
    return jnp.where(x < 0, x, zeros)


def flatten(x):
    return x.reshape(x.shape[0] * x.shape[1])


@partial(jax.jit, static_argnames=["neg"])
def maybe_negate(x, neg):
    sign = -1 if neg else 1
    return sign * x
