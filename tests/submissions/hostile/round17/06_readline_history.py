# ATTACK: a counter in GNU readline's history list, C library state. Each call adds one line;
# the count is get_current_history_length(). readline is no tripwire and no setting the
# interpreter's reading takes. Target: negatives.
import readline
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = readline.get_current_history_length()
    readline.add_history("x")
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
