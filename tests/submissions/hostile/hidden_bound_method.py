"""State behind built-in bound methods: `_record` is `[].append`, whose list lives only in the method's
`__self__`; `_tick` is an `itertools.count`'s `__next__`. Neither is data a module holds by name."""
import itertools

import jax
import jax.numpy as jnp

_record = [].append
_tick = itertools.count().__next__


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    _record(x.shape)
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    _tick()
    return jnp.reshape(x, (x.size,))
