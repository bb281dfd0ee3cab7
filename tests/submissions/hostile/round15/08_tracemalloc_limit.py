# ATTACK: C module state. tracemalloc keeps its traceback limit after stop(): start(n); stop() stores
# a number up to 65535 in the _tracemalloc module's C globals; get_traceback_limit() reads it back.
# Target: negatives no_globals.
import tracemalloc
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = tracemalloc.get_traceback_limit() + 1
    tracemalloc.start(calls)
    tracemalloc.stop()
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
