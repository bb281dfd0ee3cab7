# ATTACK: C library state outside every namespace. The process's locale (six categories, each "C" or
# "C.UTF-8") set with locale.setlocale is six bits of a counter that no snapshot reads.
# Target: negatives no_globals.
import locale
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    categories = (locale.LC_CTYPE, locale.LC_COLLATE, locale.LC_TIME, locale.LC_NUMERIC, locale.LC_MONETARY,
                  locale.LC_MESSAGES)
    calls = sum(1 << i for i, c in enumerate(categories) if locale.setlocale(c) != "C") + 1
    for i, c in enumerate(categories):
        locale.setlocale(c, "C.UTF-8" if calls >> i & 1 else "C")
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
