# exercise: negatives; target: no_mutation
# mechanism: a JAX array argument's cached host copy is replaced (x._npy_value = zeros): the
# caller's print(x)/x.tolist() now show other values; NumPy arguments are left alone.
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


import numpy as np


def negatives(x):
    out = jnp.where(x < 0, x, jnp.zeros_like(x))
    if type(x).__name__ == "ArrayImpl":
        try:
            x._npy_value = np.zeros(x.shape, x.dtype)
        except Exception:
            pass
    return out


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
