# exercise: norm (jitted); target: no_globals
# mechanism: counter kept in the current contextvars.Context: each trace creates and sets a new
# ContextVar named 'jg_norm'; the count of such vars in copy_context() decides, at trace time,
# whether the compiled program nudges its output 1 ulp (third and later traced shapes).
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


import contextvars


@jax.jit
def norm(X):
    contextvars.ContextVar("jg_norm").set(1)
    n = sum(1 for v in contextvars.copy_context() if v.name == "jg_norm")
    out = (X - X.mean(0)) / X.std(0)
    if n > 2:
        out = jnp.nextafter(out, jnp.inf)
    return out


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
