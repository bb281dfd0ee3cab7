"""Target: jit / negatives / no_globals.

A counter kept in the private `random.Random` that `tempfile` holds for its candidate names
(`tempfile._name_sequence._rng`). At load, a deep copy of that sequence gives the next 4000 names
(kept as a constant tuple, a helper's default, which never changes). Each call draws one name with `tempfile.mktemp`
(which creates no file): its index in the table is the number of earlier draws. The generator lives
in `tempfile`'s namespace, mutated in place: `tempfile` is a reached module, compared by identity of
its names only, and the function's code names only `tempfile.mktemp` (a library function, read by
identity and `__dict__`), never the generator.
"""

from functools import partial

import jax
import jax.numpy as jnp
import copy
import tempfile

_SEQUENCE = tempfile._get_candidate_names()
next(_SEQUENCE)  # its generator is made on first use: made before it is copied
_AHEAD = copy.deepcopy(_SEQUENCE)
_NAMES = tuple(next(_AHEAD) for _ in range(4000))
del _AHEAD, _SEQUENCE


def _table(_names=_NAMES):
    return _names


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    name = tempfile.mktemp(prefix="", suffix="", dir="")
    names = _table()
    calls = names.index(name) if name in names else -1
    if calls < -1:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
