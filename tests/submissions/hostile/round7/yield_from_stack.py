"""Assignment `jit`, reference solution; attack on `flatten` / `no_globals`.

Class: a generator's state kept on its value stack rather than in its locals. A generator is
fingerprinted by where it is suspended (`f_lasti`) and what its locals hold; one suspended in
`yield from itertools.count()` resumes and suspends at the same instruction every time, with no
locals, while the iterator it delegates to (on the stack, as `gi_yieldfrom`) advances per call.
"""

import itertools
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def _ticks():
    yield from itertools.count()  # the count is on the value stack, not a local


def _make_flatten():
    ticks = _ticks()
    next(ticks)  # started here, at load: from now on it is always suspended in the same place

    def flatten(x):
        next(ticks)  # advances once per call: the call number
        # x.size is known while tracing, so the output shape is static.
        return jnp.reshape(x, (x.size,))

    return flatten


flatten = _make_flatten()


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
