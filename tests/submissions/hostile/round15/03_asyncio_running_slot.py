# ATTACK: asyncio no longer trips. The counter is kept in the interpreter's per-thread "running event
# loop" slot (C thread state, `asyncio._set_running_loop`), as a plain int: no loop, no socket, no
# object of the submission's, no module attribute. Target: negatives no_globals.
import asyncio
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = (asyncio._get_running_loop() or 0) + 1
    asyncio._set_running_loop(calls)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
