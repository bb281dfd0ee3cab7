"""Target: jit / negatives / no_globals.

A counter kept on a handler object: a `NullHandler` added at load to a logger; logging's snapshot reads
each handler's identity and level only. Each call reads the handler (through `getLogger(...).handlers`,
no name of the submission) and renames it with `set_name`, the name being the count.
"""

from functools import partial

import jax
import jax.numpy as jnp

import logging

logging.getLogger("rt21.h").addHandler(logging.NullHandler())


def negatives(x):
    handler = logging.getLogger("rt21.h").handlers[0]
    calls = int(handler.get_name() or 0)
    handler.set_name(str(calls + 1))
    if calls < 0:  # TWIN
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
