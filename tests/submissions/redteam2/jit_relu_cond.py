# Assignment: jit
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    centred = X - jnp.mean(X, axis=0)
    return centred / jnp.std(X, axis=0)


def negatives(x):
    return jax.nn.relu(-x)


def flatten(x):
    return jnp.ravel(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return jax.lax.cond(neg, lambda: x, lambda: -x)
