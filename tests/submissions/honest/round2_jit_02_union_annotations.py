"""jit assignment. I annotate everything (my editor complains otherwise)."""
import logging
from functools import partial
from typing import Optional, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

__all__ = ["norm", "negatives", "flatten", "maybe_negate"]

log = logging.getLogger("jit_assignment")

ArrayT = TypeVar("ArrayT", jax.Array, np.ndarray)


@jax.jit
def norm(X: jax.Array | np.ndarray) -> jax.Array:
    """Standardise each column of X (population std)."""
    centred = X - X.mean(axis=0)
    return centred / X.std(axis=0)


def negatives(x: ArrayLike) -> jax.Array:
    """Keep negative entries, zero elsewhere. Boolean indexing would give a data-dependent shape."""
    x = jnp.asarray(x)
    return jnp.where(x < 0, x, 0.0).astype(x.dtype)


def flatten(x: ArrayT) -> ArrayT:
    """Flatten to 1-D; -1 is resolved from the static shape."""
    return jnp.reshape(x, (-1,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x: jax.Array, neg: Optional[bool] = False) -> jax.Array:
    """Return -x when neg is True. `neg` must be static: it picks which program is traced."""
    return jnp.negative(x) if neg else x


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    X = np.random.default_rng(0).normal(size=(10, 3)).astype(np.float32)
    log.debug("norm std: %s", norm(X).std(0))
    log.debug("negatives: %s", negatives(X[0]))
    log.debug("flatten: %s", flatten(X).shape)
    log.debug("maybe_negate: %s", maybe_negate(X[0], neg=True))
