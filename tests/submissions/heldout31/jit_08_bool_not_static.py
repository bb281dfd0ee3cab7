# Held-out round 31, assignment jit.
# Source: JAX "Sharp Bits", control flow under jit (TracerBoolConversionError)
# https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#control-flow
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def _norm(X):
    mean = jnp.mean(X, axis=0)
    std = jnp.std(X, axis=0)
    return (X - mean) / std


norm = jax.jit(_norm)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.ravel(x)


@jax.jit
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
