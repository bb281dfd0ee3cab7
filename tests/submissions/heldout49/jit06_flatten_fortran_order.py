# Held-out wrong answer (assignment: jit), fault in flatten.
# Source: MATLAB-to-NumPy porting: MATLAB's x(:) is column-major; "NumPy for MATLAB users"
# (numpy.org) warns that NumPy is row-major and x(:) corresponds to x.flatten("F").
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return jnp.ravel(x, order="F")


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
