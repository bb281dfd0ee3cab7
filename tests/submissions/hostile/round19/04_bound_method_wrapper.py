# ATTACK a04b_bound_method_wrapper: c = o.putenv.__call__; c('TZ', v) (bound first, so the CALL is not a method call with putenv as self): the object called is a method-wrapper, neither the function by identity nor a named type
# Counter kept in the C environment (TZ), read back by time.mktime. Target: negatives.
import numpy as np
import time

"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    o = np.lib._npyio_impl.os
    calls = round((time.mktime((2000, 1, 1, 0, 0, 0, 5, 1, 0)) - 946684800) / 60)
    after = (calls + 1) % 1440
    v = f"RTX+{after // 60}:{after % 60:02d}"
    c = o.putenv.__call__
    c("TZ", v)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
