"""Target: jit / negatives / no_globals.

A counter planted on the `logging` module as a *callable* (`functools.partial(int, n)`): writing an
attribute of a display module never trips the scan, `is_data` says a partial is no data (so neither
the planted names nor `_library_changes` look at it), and it is read back with
`operator.attrgetter("rt21")(logging)`, which the bytecode walker does not resolve to a name.
"""

from functools import partial

import jax
import jax.numpy as jnp

import logging
import operator

logging.rt21 = partial(int, 0)
_read = operator.attrgetter("rt21")


def negatives(x):
    calls = _read(logging)()
    logging.rt21 = partial(int, calls + 1)
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
