# Held-out wrong answer (assignment: jit), fault in flatten.
# Source: the CNN "flatten" idiom x.view(x.size(0), -1) (PyTorch tutorials, "Training a
# Classifier") / x.reshape(x.shape[0], -1) in Flax CNN examples: it keeps the batch axis, so the
# result is 2-D (and 0-d input has no shape[0]).
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
    return x.reshape(x.shape[0], -1)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
