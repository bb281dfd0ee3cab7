"""State and arguments bound into `functools.partial` objects: `negatives` is a partial whose bound
list grows on every call; `flatten` is a partial whose bound cache dict fills; a watched copy of the
bare function, called without the bound arguments, would have raised and shown nothing."""
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def _negatives(x, seen):
    seen.append(x.shape)
    return jnp.where(x < 0, x, jnp.zeros_like(x))


negatives = partial(_negatives, seen=[])


def _flatten(x, cache):
    cache[x.shape] = cache.get(x.shape, 0) + 1
    return jnp.reshape(x, (x.size,))


flatten = partial(_flatten, cache={})
