# ATTACK: the same counter, with `putenv` handed to `map` (the call is made by C code, not by the
# submission's) after `os` was reached through a namespace's `get`. Target: negatives.
import logging
import time

logging.__dict__.get("os").putenv("TZ", "RTX+0:00")
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    o = logging.__dict__.get("os")
    calls = round((time.mktime((2000, 1, 1, 0, 0, 0, 5, 1, 0)) - 946684800) / 60)
    after = (calls + 1) % 1440
    list(map(o.putenv, ["TZ"], [f"RTX+{after // 60}:{after % 60:02d}"]))
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
