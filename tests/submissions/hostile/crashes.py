"""Crashes the interpreter, or raises what is not an Exception."""
import ctypes

import jax
import jax.numpy as jnp


class Sneaky(BaseException):
    pass


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    ctypes.string_at(0)  # reads address 0: a segmentation fault


def flatten(x):
    raise KeyboardInterrupt


def maybe_negate(x, neg):
    raise Sneaky("not an Exception")
