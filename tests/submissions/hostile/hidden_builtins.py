# Module-level data planted in `builtins`: a global lookup that misses the module finds it there.
import builtins

import jax.numpy as jnp

builtins.THRESHOLD = 0.0
builtins.FLAT = -1


def negatives(x):
    return jnp.where(x < THRESHOLD, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (getattr(builtins, "FLAT"),))
