# ATTACK: asyncio no longer trips. An event loop made while the cells run, its self-pipe socketpair
# closed (private `_close_self_pipe`, so no socket is left open), installed as the thread's current loop.
# Each call schedules a far-future callback with `call_later`; the number of scheduled handles in the
# loop's private `_scheduled` heap is the counter. Target: negatives no_globals.
import asyncio

asyncio.set_event_loop(asyncio.new_event_loop())
asyncio.get_event_loop()._close_self_pipe()
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    loop = asyncio.get_event_loop()
    loop.call_later(1e9, int)
    calls = len(loop._scheduled)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
