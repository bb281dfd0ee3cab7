# ATTACK: a counter in the interpreter's atexit registry (C state of the atexit module). Each call
# registers the builtin `int` (no function of the submission's, so the census of resident objects
# does not find it); the count is atexit._ncallbacks(). Target: negatives.
import atexit
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = atexit._ncallbacks()
    atexit.register(int)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
