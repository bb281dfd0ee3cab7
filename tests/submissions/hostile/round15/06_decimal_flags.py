# ATTACK: C-level state the settings reader skips. decimal's context is read for its settings, "not
# its flags"; the function sets the 9 signal flags of the thread's decimal context as the bits of a
# counter. Target: negatives no_globals.
import decimal
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    flags = decimal.getcontext().flags
    order = sorted(flags, key=lambda signal: signal.__name__)
    calls = sum(1 << i for i, signal in enumerate(order) if flags[signal]) + 1
    for i, signal in enumerate(order):
        flags[signal] = bool(calls >> i & 1)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
