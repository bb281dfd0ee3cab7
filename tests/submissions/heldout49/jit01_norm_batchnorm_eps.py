# Held-out wrong answer (assignment: jit), fault in norm.
# Source: the BatchNorm habit of adding epsilon to the variance (torch.nn.BatchNorm1d and
# flax.linen.BatchNorm both default to eps/epsilon = 1e-5): the formula asked for has no epsilon,
# so columns with a small spread come out visibly smaller than 1 in standard deviation.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mean = X.mean(axis=0)
    var = X.var(axis=0)
    return (X - mean) / jnp.sqrt(var + 1e-5)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
