# Held-out round 31, assignment jit.
# Source: jax-ml/jax issue #3133 "Tracing a function that indexes into Numpy array gives a poor
# error message" and https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerArrayConversionError
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def _standardise(X):
    centred = X - jnp.mean(X, axis=0, keepdims=True)
    return centred / jnp.sqrt(jnp.mean(centred ** 2, axis=0, keepdims=True))


norm = jax.jit(_standardise)


def negatives(x):
    return np.where(x < 0, x, 0.0)


def flatten(x):
    return x.reshape(-1)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
