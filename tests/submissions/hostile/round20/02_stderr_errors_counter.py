"""Target: jit / negatives / no_globals.

A counter kept in the C fields of the worker's own `sys.stderr` (an `io.TextIOWrapper`): each call
reads `sys.stderr.errors` ("strict0", "strict1", ...) and calls `sys.stderr.reconfigure(errors=...)`
with the next value. `sys.stderr` is library data the code names, so it is a "library" place, but a
TextIOWrapper hides C state, so the fingerprint calls it unreadable and a library place is compared
for changes only: by identity, which reconfigure() never changes. `errors` is only consulted on an
encoding error, so nothing else changes.
"""

from functools import partial

import jax
import jax.numpy as jnp
import sys



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    errors = sys.stderr.errors
    calls = int(errors[6:]) if errors.startswith("strict") and errors[6:].isdigit() else 0
    sys.stderr.reconfigure(errors=f"strict{calls + 1}")
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
