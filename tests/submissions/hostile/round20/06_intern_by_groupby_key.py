"""Target: jit / negatives / no_globals.

Round 17's counter in the interpreter's interned strings (which no snapshot reads; it was contained
only by the scan and the call watch), reached by a new route: `sys.intern` is named once, at load, in
a tuple (a registry named at load never trips), and at a call it is handed to C code as a *keyword*
(`itertools.groupby(..., key=...)`), which calls it and hands back its result. A helper hands it
back from its default (`_REG[0]`), which the scan cannot resolve; the PEP 669 watch sees only `groupby` and its first argument (a list).
"""

from functools import partial

import jax
import jax.numpy as jnp
import itertools
import sys

_REG = (sys.intern,)


def _key(_registry=_REG):
    return _registry[0]


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = 0
    while True:
        probe = "".join(("rt20-", str(calls)))
        if next(itertools.groupby([probe], key=_key()))[0] is probe:
            break
        calls += 1
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
