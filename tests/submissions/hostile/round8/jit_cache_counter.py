"""Hostile round 8: a call counter kept in JAX's own compilation cache.

Class: memory kept by a library object as its own business. A jit wrapper reached from the
function is read through its attributes (`__wrapped__`, what was set on it) and the functions
it holds; what it has compiled is the library's and is not read. Its cache is memory all the
same, keyed by whatever the caller passes as a static argument, and its size is public
(`_cache_size()`). `flatten` calls a tiny jitted helper with the cache's current size as a
static argument: one new entry per call, so the cache's size is the number of calls so far,
readable by the next call like any counter.

Forges: `no_globals` of `flatten` (assignment `jit`).

A correct grader must count a library cache that grows with the calls as state (as it already
does for `functools.lru_cache`, by its hit and miss counts): a jit wrapper's cache size, traced
and compiled entries, read before and after each call.
"""

from functools import partial

import jax
import jax.numpy as jnp

_tally = jax.jit(lambda calls: jnp.zeros((), jnp.int32), static_argnums=0)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    _tally(_tally._cache_size())  # a new static value each call: the cache grows by one, a counter
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
