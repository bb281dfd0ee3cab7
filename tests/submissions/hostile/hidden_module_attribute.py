# Module-level data set on imported modules and read back through them.
import math

import jax.numpy as jnp

jnp.THRESHOLD = 0.0
math.FLAT = -1


def negatives(x):
    return jnp.where(x < jnp.THRESHOLD, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (math.FLAT,))
