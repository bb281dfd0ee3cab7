# ATTACK: kernel state outside the list read. os.sched_setscheduler is in no tripwire table and raises
# no audit event; the scheduling policy (SCHED_OTHER <-> SCHED_BATCH, both allowed unprivileged) is not
# in /proc/self/status's chosen fields nor in the nice value. One bit: the parity of the calls.
# Target: negatives no_globals.
import os
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    policies = (os.SCHED_OTHER, os.SCHED_BATCH)
    calls = policies.index(os.sched_getscheduler(0)) + 1
    os.sched_setscheduler(0, policies[calls % 2], os.sched_param(0))
    if calls < 0:  # behaviour could depend on the counter (parity)
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
