# Held-out round 31, assignment jit.
# Source: numpy.std documentation, "The standard deviation is computed for the flattened
# array by default, otherwise over the specified axis."
# https://numpy.org/doc/stable/reference/generated/numpy.std.html
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def norm(X):
    centred = X - X.mean(axis=0)
    scale = centred.std()
    return centred / scale


def negatives(x):
    negative = x < 0
    return jnp.where(negative, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnums=(1,))
def maybe_negate(x, neg):
    return -x if neg else x
