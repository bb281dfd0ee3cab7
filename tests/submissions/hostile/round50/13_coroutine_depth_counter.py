# exercise: maybe_negate (jitted, neg static); target: no_globals
# mechanism: counter kept in sys.set_coroutine_origin_tracking_depth (+1 per trace); third and later
# traces compile a program that nudges float outputs 1 ulp.
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


import sys


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    d = sys.get_coroutine_origin_tracking_depth()
    sys.set_coroutine_origin_tracking_depth(d + 1)
    out = -x if neg else x
    if d > 2 and jnp.issubdtype(out.dtype, jnp.floating):
        out = jnp.nextafter(out, jnp.inf)
    return out


