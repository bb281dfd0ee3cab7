from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    centered = X - X.mean(0)
    std = jnp.sqrt(jnp.mean(centered ** 2, axis=0))
    return centered / std


def negatives(x):
    x = jnp.asarray(x)
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    x = jnp.asarray(x)
    return jnp.reshape(x, (x.size,))


@jax.jit
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
