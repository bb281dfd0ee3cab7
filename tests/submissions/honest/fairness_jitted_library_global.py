"""An honest `jit` answer that keeps a jitted library function at module level.

`fast_zeros = jax.jit(jnp.zeros_like)` is an ordinary way to jit a helper once. Its jit wrapper's
`_jit_info` holds the library function's signature, whose typing unions nest deeper than the state
reader went, so `negatives` lost its `no_globals` point as "cannot tell whether it changes" until
session 17 (found while the red team's round 11 was being closed).
"""

from functools import partial

import jax
import jax.numpy as jnp

fast_zeros = jax.jit(jnp.zeros_like)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, fast_zeros(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
