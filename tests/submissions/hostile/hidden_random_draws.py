"""Draws from the global random generators of `numpy.random` and `random` on every call; the answers
stay right (the draws never change them), so only the generators' state shows it."""
import random

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    jitter = np.random.rand() * 0.0
    return jnp.where(x < 0, x, jnp.zeros_like(x)) + jitter


def flatten(x):
    if random.random() < 0.0:  # never true: dropout with probability zero
        x = x * 0
    return jnp.reshape(x, (x.size,))
