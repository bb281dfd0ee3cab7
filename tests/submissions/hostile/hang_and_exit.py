import os

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    while True:
        pass


def flatten(x):
    os._exit(3)


def maybe_negate(x, neg):
    raise SystemExit("bye")
