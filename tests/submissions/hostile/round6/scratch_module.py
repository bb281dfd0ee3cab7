"""Assignment `jit`, reference solution; attack on `negatives` / `no_globals`.

Class: a module object is compared by identity and never looked into unless it is in
`sys.modules`; a private `types.ModuleType` held in a closure is a namespace whose contents
(a list that grows per call) nobody reads.
"""

import types
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def _make_negatives():
    scratch = types.ModuleType("scratch")  # never registered in sys.modules
    scratch.calls = []

    def negatives(x):
        scratch.calls.append(1)  # in-place: the module's dict is not rebound
        return jnp.where(x < 0, x, jnp.zeros_like(x))

    return negatives


negatives = _make_negatives()


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
