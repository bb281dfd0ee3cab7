"""Assignment `jit`, the reference answers with one student habit: `logging.captureWarnings(True)` at load and a `warnings.warn` in `flatten` (session 26: held for review as a library patch; then logging's own handler for captured warnings read as state)."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x

import warnings
import logging

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
logging.captureWarnings(True)  # warnings into the log, as set up at the top of the notebook


def flatten(x):
    if jnp.ndim(x) == 1:
        warnings.warn("flatten: input is already 1-D", stacklevel=2)
    return jnp.reshape(x, (x.size,))
