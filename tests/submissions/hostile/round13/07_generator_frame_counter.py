# 07 (no gc trick, a census gap): `negatives` counts its calls in a generator's frame. Only codecs'
# registry keeps the generator alive, through its bound `send`; a generator is neither a function nor an
# instance of the submission's class, so the census does not list it.
import codecs
from functools import partial

import jax
import jax.numpy as jnp


def _counter():
    calls = 0
    while True:
        name = yield None
        if name == "negatives_call":
            calls += 1


def _registered(generator):
    next(generator)
    codecs.register(generator.send)


_registered(_counter())


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    try:
        codecs.lookup("negatives-call")
    except LookupError:
        pass
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
