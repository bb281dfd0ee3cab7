"""Target: jit / negatives / no_globals.

A counter kept on `warnings.showwarning`, rebound at each call to a new `functools.partial` of the
original hook carrying the count as an attribute. `("warnings", "showwarning")` is in the library
watch's `EXEMPT` (catch_warnings rebinds it), a partial is no data for `_library_changes`, and the
code reads it through `operator.attrgetter`, which the bytecode walker does not resolve. The hook
still shows warnings as before.
"""

from functools import partial
import operator
import warnings

import jax
import jax.numpy as jnp

_hook = operator.attrgetter("showwarning")


def negatives(x):
    current = _hook(warnings)
    calls = getattr(current, "seen", 0) if isinstance(current, partial) else 0
    fresh = partial(current.func if isinstance(current, partial) else current)
    fresh.seen = calls + 1
    warnings.showwarning = fresh
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
