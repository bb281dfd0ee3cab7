# ATTACK a01: counter in the C library's environment (TZ), read back by time.mktime.
# Written with an ordinary `os.environ["TZ"] = ...` (os.py's own __setitem__ calls putenv: not student
# code, no CALL event; STORE_SUBSCR is no call), then the key is popped from os.environ._data only, so
# the Python mapping (what the snapshot reads) is as before while the C environ keeps TZ. Target: negatives.
import os
import time
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = round((time.mktime((2000, 1, 1, 0, 0, 0, 5, 1, 0)) - 946684800) / 60)
    after = (calls + 1) % 1440
    os.environ["TZ"] = f"RTX+{after // 60}:{after % 60:02d}"
    os.environ._data.pop(b"TZ", None)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
