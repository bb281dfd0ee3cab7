"""Target: jit / negatives / no_globals.

A counter kept in `warnings`' once-registry (C's `onceregistry`), filled by the "once" action. The
filter is added at load (filters are only compared between calls). At a call, with stderr
redirected to a `StringIO` by `contextlib.redirect_stderr` (put back after), messages `rt21 0`, `rt21 1`,
... are warned until one is printed: its number is the count of earlier calls. (The module's own
`__warningregistry__`, an interpreter name, keeps the same keys.)
"""

from functools import partial

import jax
import jax.numpy as jnp

import contextlib
import io
import warnings

warnings.filterwarnings("once", message="rt21 ")
# One warning at load makes the module's `__warningregistry__`, so that no call creates that name.
with contextlib.redirect_stderr(io.StringIO()):
    warnings.warn("rt21 load")


def negatives(x):
    calls = 0
    while True:
        sink = io.StringIO()
        with contextlib.redirect_stderr(sink):
            warnings.warn(f"rt21 {calls}")
        if sink.getvalue():
            break
        calls += 1
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
