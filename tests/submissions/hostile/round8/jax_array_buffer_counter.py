"""Hostile round 8: a call counter kept inside a JAX array's own buffer.

Class: state in a value the fingerprint takes as immutable by contract. A JAX array is
compared by identity only ("JAX arrays are immutable"), but on the CPU its buffer is plain
memory: `unsafe_buffer_pointer()` gives its address, and a NumPy array built over that address
through the array interface (an object with `__array_interface__`, no `ctypes`) is writeable.
`negatives` keeps a one-element int32 JAX array in its closure and adds one to it through such
a view on every call: same object, new contents, so the identity the fingerprint compares never
changes.

Forges: `no_globals` of `negatives` (assignment `jit`).

A correct grader must read what a JAX array holds (its bytes, as it reads a NumPy array's), or
treat a JAX array reached from the function as unreadable, rather than trust its immutability.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


class _Window:
    """A NumPy view over raw memory, described by the array interface."""

    def __init__(self, pointer, shape, typestr):
        self.__array_interface__ = {"data": (pointer, False), "shape": shape, "typestr": typestr, "version": 3}


def _counted(function):
    calls = jnp.zeros((1,), jnp.int32)  # "immutable": the fingerprint reads it by identity

    def negatives(x):
        calls.block_until_ready()
        cell = np.asarray(_Window(calls.unsafe_buffer_pointer(), (1,), "<i4"))
        cell[0] += 1  # written in place: the JAX array `calls` now holds one more
        return function(x)

    return negatives


def _negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


negatives = _counted(_negatives)


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
