# ATTACK: asyncio no longer trips. A counter kept as an attribute of asyncio's event-loop POLICY
# singleton, reached only through a call (asyncio.get_event_loop_policy()), never through a name the
# submission holds. No loop, no socket. Target: negatives no_globals.
import asyncio

asyncio.get_event_loop_policy()  # made while the cells run, before any call is watched
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    policy = asyncio.get_event_loop_policy()
    policy.calls = getattr(policy, "calls", 0) + 1
    if policy.calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
