# Held-out wrong answer (assignment: jit), fault in norm.
# Source: "ValueError: Non-hashable static arguments are not supported" (jax-ml/jax#6233,
# google/flax#2410, jax-ml/jax#883): the student marks the array argument static "because its shape
# is needed", but arrays are unhashable and cannot be static.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
