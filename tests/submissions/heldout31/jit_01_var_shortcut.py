# Held-out round 31, assignment jit.
# Source: google/objax issue #182 "Improve BatchNorm numerical stability"
# https://github.com/google/objax/issues/182
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def norm(X):
    mean = X.mean(axis=0)
    mean_sq = (X * X).mean(axis=0)
    var = mean_sq - mean * mean
    return (X - mean) / jnp.sqrt(var)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return x.reshape(-1)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
