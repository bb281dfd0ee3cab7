# Held-out round 31, assignment jit.
# Source: jax-ml/jax issue #6350 "jax.ops.segment_sum incompatible with jit" (int() of a traced
# value) and https://docs.jax.dev/en/latest/errors.html#jax.errors.ConcretizationTypeError
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    sigma = X.std(axis=0)
    return (X - mu) / sigma


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    n = int(jnp.prod(jnp.array(x.shape)))
    return x.reshape(n)


def _maybe_negate(x, neg):
    if neg:
        return jnp.negative(x)
    return x


maybe_negate = jax.jit(_maybe_negate, static_argnames=("neg",))
