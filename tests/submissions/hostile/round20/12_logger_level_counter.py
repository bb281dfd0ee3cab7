"""Target: jit / negatives / no_globals.

A counter kept in a logger's level. `logging.getLogger(name)` hands every caller the same logger, so
loggers are process state by name, and the worker reads every logger's attributes *except* the ones
`logging` itself keeps (`name`, `level`, `parent`, `propagate`, `handlers`, `disabled`, `filters`,
...). Each call reads `getLogger("rt20.counter").level` and sets it one higher with `setLevel`, a call
the docs list among what never trips. The logger is made at load, so no registry entry appears at a
call.
"""

from functools import partial

import jax
import jax.numpy as jnp
import logging

logging.getLogger("rt20.counter")


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    logger = logging.getLogger("rt20.counter")
    calls = logger.level
    logger.setLevel(calls + 1)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
