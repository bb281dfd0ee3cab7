"""Assignment `jit`, reference solution; attack on `negatives` / `no_globals`.

Class: a `weakref.ref` bound as a module-level name. It is callable, so the walk treats it as code
(it looks only for the submission's functions and a `__dict__` in it, finds neither, and hands it
to no fingerprint); and its referent is no `gc` referent of it at all. Calling it yields a set that
is kept alive by another global the function never names, and the function adds to that set.
"""

import weakref
from functools import partial

import jax
import jax.numpy as jnp

_kept = set()  # alive because the module holds it; the graded code never names it
_tally = weakref.ref(_kept)  # callable: "code", not data


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    seen = _tally()
    seen.add(len(seen))  # one more element per call
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
