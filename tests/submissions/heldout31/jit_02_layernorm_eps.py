# Held-out round 31, assignment jit.
# Source: patrick-kidger/equinox pull request #314 "Clip variance in normalization"
# https://github.com/patrick-kidger/equinox/pull/314
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def norm(X):
    mu = jnp.mean(X, axis=0)
    var = jnp.var(X, axis=0)
    return (X - mu) / jnp.sqrt(var + 1e-5)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.ravel(x)


def _maybe_negate(x, neg):
    return -x if neg else x


maybe_negate = jax.jit(_maybe_negate, static_argnums=1)
