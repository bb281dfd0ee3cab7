"""Asks for far more memory than any grader should give."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    hoard = np.ones(10**11)
    return x * hoard[0]


def flatten(x):
    chunks = []
    while True:
        chunks.append(bytearray(10**8))


def maybe_negate(x, neg):
    return jnp.ones((10**6, 10**6))
