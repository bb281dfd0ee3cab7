from functools import partial

import jax
import jax.numpy as jnp


def _standardize(X):
    mu = jnp.mean(X, axis=0)
    sigma = jnp.sqrt(jnp.mean((X - mu) ** 2, axis=0))
    return (X - mu) / sigma


norm = jax.jit(_standardize)


def negatives(x):
    return jnp.minimum(x, 0.0)


def flatten(x):
    return jnp.ravel(x)


@partial(jax.jit, static_argnums=(1,))
def maybe_negate(x, neg):
    sign = -1.0 if neg else 1.0
    return sign * x
