"""Target: jit / negatives / no_globals.

A one-bit counter (calls mod 2) kept in `faulthandler`'s C state: each call reads
`faulthandler.is_enabled()` and flips it (`enable()` / `disable()`). The worker's settings reading
takes `sys`, `gc`, NumPy, decimal, locale, tracemalloc, socket and threading getters, not
faulthandler's. (Enabling installs handlers for SIGSEGV and friends with `sigaction`: the status
file's SigCgt may show it, if the worker does not already catch those signals.)
"""

from functools import partial

import jax
import jax.numpy as jnp
import faulthandler



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = int(faulthandler.is_enabled())
    if calls:
        faulthandler.disable()
    else:
        faulthandler.enable()
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
