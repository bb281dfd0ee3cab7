"""A memo cache in a `functools.wraps` decorator: unwrapping straight to `__wrapped__` would analyse and
run only the inner function, never the wrapper that fills the cache."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def memoize(function):
    cache = {}

    @functools.wraps(function)
    def wrapper(x):
        if isinstance(x, jax.core.Tracer):  # under jit: nothing to remember
            return function(x)
        key = (np.asarray(x).tobytes(), np.shape(x), str(np.asarray(x).dtype))
        if key not in cache:
            cache[key] = function(x)
        return cache[key]

    return wrapper


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


@memoize
def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


@memoize
def flatten(x):
    return jnp.reshape(x, (x.size,))
