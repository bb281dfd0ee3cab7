"""jit assignment -- functools.partial objects of library functions stored globally."""
from functools import partial

import jax
import jax.numpy as jnp

col_mean = partial(jnp.mean, axis=0)
col_std = partial(jnp.std, axis=0)
keep_negative = partial(jnp.minimum, 0)  # min(0, x) keeps negatives, zeros elsewhere
to_1d = partial(jnp.reshape, shape=(-1,))


@jax.jit
def norm(X):
    return (X - col_mean(X)) / col_std(X)


def negatives(x):
    x = jnp.asarray(x)
    return jnp.where(x < 0, x, jnp.zeros_like(x)).astype(x.dtype)


def flatten(x):
    return to_1d(jnp.asarray(x))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
