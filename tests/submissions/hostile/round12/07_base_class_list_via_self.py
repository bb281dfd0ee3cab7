# Stateful: `negatives`. Counter: a list that only a base class defines (_Base.seen), appended to through
# `self.seen` in a method of a subclass the graded function names (_Helper). Found in session 18 while
# reading round 12's results: the class's own places did not include its bases' (30 of 30 before the fix).
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    _Helper().note()
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x

class _Base:
    seen = []


class _Helper(_Base):
    def note(self):
        self.seen.append(1)

