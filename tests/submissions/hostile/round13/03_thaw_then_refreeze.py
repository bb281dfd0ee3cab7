# 03: spend the canary (a freeze at the end of the cells; heap.py's first design then thawed the heap and
# dropped its canary for good), then the first call of flatten makes+registers a closure and freezes again.
# Stateful: `flatten`. Its first call makes a closure and registers it with `codecs`; every later call
# appends to it. The closure is born after the census, so only the walk made for each exercise before its
# watched call (`later_functions`, `gc.get_referrers`) finds it, and the first call freezes the heap
# right after registering it: frozen, no walk lists it. Reached through JAX, as in file 01.
import codecs
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    try:
        codecs.lookup("flatten-registered")  # found (and cached) once the search function exists
    except LookupError:
        calls = []

        def search(name):
            if name == "flatten_registered":
                return codecs.lookup("utf-8")
            if name == "flatten_call":
                calls.append(name)
            return None

        codecs.register(search)
        jax._src.api.gc.freeze()
    try:
        codecs.lookup("flatten-call")  # never found, so never cached
    except LookupError:
        pass
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x

jax._src.api.gc.freeze()  # spends the one-shot canary
