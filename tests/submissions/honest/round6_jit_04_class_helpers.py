"""jit assignment -- helper class with staticmethods and class attributes holding jnp functions."""
from functools import partial

import jax
import jax.numpy as jnp


class Ops:
    mean = staticmethod(jnp.mean)
    std = staticmethod(jnp.std)
    where = staticmethod(jnp.where)
    zeros_like = jnp.zeros_like  # PjitFunction is not a descriptor-bound function

    @staticmethod
    def reshape1d(x):
        return jnp.reshape(x, (x.size,))

    @staticmethod
    def negate(x):
        return jnp.negative(x)


@jax.jit
def norm(X):
    return (X - Ops.mean(X, axis=0)) / Ops.std(X, axis=0)


def negatives(x):
    return Ops.where(x < 0, x, Ops.zeros_like(x))


def flatten(x):
    return Ops.reshape1d(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return Ops.negate(x) if neg else x
