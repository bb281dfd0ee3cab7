# Held-out wrong answer (assignment: jit), fault in norm.
# Source: the textbook shortcut Var[X] = E[X^2] - E[X]^2 ("naive algorithm", Wikipedia
# "Algorithms for calculating variance": catastrophic cancellation in floating point); in float32 a
# column with a large mean and a small spread loses its digits or gets a negative variance (NaN).
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mean = jnp.mean(X, axis=0)
    var = jnp.mean(X ** 2, axis=0) - mean ** 2
    return (X - mean) / jnp.sqrt(var)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
