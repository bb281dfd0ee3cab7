# Held-out round 31, assignment jit.
# Source: b45ch1/algopy issue #51 "UTPM crashes due to shapes given as float"
# (numpy.prod(()) is the float 1.0) https://github.com/b45ch1/algopy/issues/51
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def norm(X):
    centred = X - X.mean(axis=0, keepdims=True)
    spread = jnp.sqrt((centred ** 2).mean(axis=0, keepdims=True))
    return centred / spread


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros(x.shape, x.dtype))


def flatten(x):
    return x.reshape(np.prod(x.shape))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    if neg:
        return -x
    else:
        return x
