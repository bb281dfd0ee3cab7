"""Target: jit / negatives / no_globals.

A counter kept in `logging`'s logger class, rebound through the public setter: `logging._loggerClass`
is rebound at each call (`setLoggerClass`) to a new `Logger` subclass whose name is the count. The
snapshot compares a reached module's names only where a value is data (`is_data`), and a class is
none; the source writes nothing, and the count is read back with `getLoggerClass()`.
"""

from functools import partial

import jax
import jax.numpy as jnp
import logging


def negatives(x):
    current = logging.getLoggerClass()
    calls = int(current.__name__[5:]) if current.__name__.startswith("RT21_") else 0
    logging.setLoggerClass(type(f"RT21_{calls + 1}", (logging.Logger,), {}))
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
