# Held-out wrong answer (assignment: jit), fault in negatives.
# Source: JAX FAQ / errors page TracerArrayConversionError ("The numpy.ndarray conversion method
# __array__() was called on traced array"), jax-ml/jax#3133 and #3160: a NumPy function (np.where)
# called on a traced value. Works without jit, fails under jax.jit.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return np.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
