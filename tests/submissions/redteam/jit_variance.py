# Assignment: jit
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    return (X - mu) / X.var(axis=0)


def negatives(x):
    return jax.lax.select(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.ravel(x)


@partial(jax.jit, static_argnums=(0,))
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
