"""Assignment `jit`, reference solution; attack on `negatives` / `no_recompilation`.

Class: recompiling on the kind of input the measurement never sends. The judge's warm-up and
measured calls pass JAX arrays only; given a NumPy array (what a caller with data from NumPy
passes, and what the other checks send too), the function builds a new `jax.jit` of a new lambda
on every call, so every such call traces and compiles a fresh program.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    if isinstance(x, np.ndarray):
        # A new program for every NumPy call: a fresh function, so JAX's caches never hit.
        return jax.jit(lambda v: jnp.where(v < 0, v, jnp.zeros_like(v)))(x)
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
