"""Target: jit / negatives / no_globals.

A counter kept in `logging`'s level-name registry (`_levelToName`/`_nameToLevel`), grown by the public
`addLevelName`. Each call probes `getLevelName(1000 + i)` until one is unnamed and names it.
"""

from functools import partial

import jax
import jax.numpy as jnp

import logging


def negatives(x):
    calls = 0
    while logging.getLevelName(1000 + calls) != f"Level {1000 + calls}":
        calls += 1
    logging.addLevelName(1000 + calls, f"RT21_{calls}")
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
