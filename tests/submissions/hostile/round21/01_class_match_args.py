"""Target: jit / negatives / no_globals.

A counter kept in a class's `__match_args__`, a name in `hidden_state.INTERPRETER_NAMES`: the class
is the submission's, but `_class_parts` skips interpreter names, and the class has no methods so it is
no resident. `__match_args__` is made a list and grown in place each call.
"""

from functools import partial

import jax
import jax.numpy as jnp

class Point:
    __match_args__ = []


def negatives(x):
    calls = len(Point.__match_args__)
    Point.__match_args__.append("x")
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
