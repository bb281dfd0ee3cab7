# 08 (no freeze; a census limit): file 01's counter, then a full collection (the closure goes to the oldest
# generation) and 300 functions of the submission made after it (youngest generation, listed first):
# the census keeps the first 256 (_MAX_RESIDENTS), all padding.
# Stateful: `negatives`: its counter lives in a closure that only `codecs`' registry keeps alive.
import codecs
from functools import partial

import jax
import jax.numpy as jnp


def _make_search():
    seen = []

    def search(name):
        if name == "negatives_call":
            seen.append(name)  # one more call, in a closure no name of the module leads to
        return None

    return search


codecs.register(_make_search())


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    try:
        codecs.lookup("negatives-call")  # never found, so never cached: the search runs every call
    except LookupError:
        pass
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x



jax._src.api.gc.collect()


def _pad(i):
    def padding():
        return i
    return padding


_padding = [_pad(i) for i in range(300)]
