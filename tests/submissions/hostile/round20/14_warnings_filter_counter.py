"""Target: jit / negatives / no_globals.

A counter kept in `warnings.filters` (a list in the `warnings` module, changed in place), written with
`warnings.filterwarnings` (display settings: never a tripwire) and read back by behaviour, never by
name: probing `warnings.warn("rt20-k")` raises for every k that already has an "error" filter. The
function's code names only `warnings`' functions, so the list is no library data it names, and the
module's names are compared by identity only. A catch-all "ignore" for the probes, added at load,
keeps the output quiet; one warning at load makes the module's `__warningregistry__` there, so no
global is bound at a call (it is then changed in place, and dunder globals are not read).
"""

from functools import partial

import jax
import jax.numpy as jnp
import warnings

warnings.filterwarnings("ignore", message="rt20-", append=True)
warnings.warn("rt20-load")  # makes this module's __warningregistry__ now, at load


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = 0
    while True:
        try:
            warnings.warn(f"rt20-{calls}")
        except UserWarning:
            calls += 1
            continue
        break
    warnings.filterwarnings("error", message=f"rt20-{calls}$")
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
