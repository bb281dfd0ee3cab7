"""Random keys: `pair` ignores the key's randomness and draws from NumPy's global generator."""

import jax
import jax.numpy as jnp
import numpy as np


def split_in_three(key):
    return jax.random.split(key, 3)


def pair(key):
    return jnp.asarray(np.random.normal(size=64), jnp.float32), jnp.asarray(np.random.normal(size=64), jnp.float32)


def jitter(key, x):
    return x + 0.5 * jax.random.normal(key, x.shape)
