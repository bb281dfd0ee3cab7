"""jit homework. I wrote the sign handling as tiny transform classes (we did
ABCs in the Python course) and reused one helper for `negatives` via partial."""
import abc
import functools
import logging

import jax
import jax.numpy as jnp
import numpy as np

logger = logging.getLogger("hw.jit")


class Transform(abc.ABC):
    """An elementwise transform with no state."""

    @staticmethod
    @abc.abstractmethod
    def apply(x: jax.Array) -> jax.Array:
        ...


class Identity(Transform):
    @staticmethod
    def apply(x: jax.Array) -> jax.Array:
        return x


class Negate(Transform):
    @staticmethod
    def apply(x: jax.Array) -> jax.Array:
        return -x


@functools.lru_cache(maxsize=None)
def demo_matrix(n: int, d: int) -> np.ndarray:
    """Demo input, cached so the plots below reuse it (only used outside the graded functions)."""
    return np.random.default_rng(n * 1000 + d).normal(size=(n, d)).astype(np.float32) * 4 + 1


@jax.jit
def norm(X: jax.Array) -> jax.Array:
    """(X - X.mean(0)) / X.std(0)."""
    return (X - X.mean(0)) / X.std(0)


def _keep_sign(x: jax.Array, negative: bool) -> jax.Array:
    """Keep the entries of one sign, zero out the rest (a mask, not boolean indexing)."""
    mask = x < 0 if negative else x > 0
    return jnp.where(mask, x, jnp.zeros_like(x))


negatives = functools.partial(_keep_sign, negative=True)
negatives.__doc__ = "x's negative entries, zeros elsewhere."


def flatten(x: jax.Array) -> jax.Array:
    """Flatten with the static size."""
    return jnp.ravel(x)


@functools.partial(jax.jit, static_argnums=(1,))
def maybe_negate(x: jax.Array, neg: bool) -> jax.Array:
    """-x if neg else x (neg static)."""
    transform = Negate if neg else Identity
    return transform.apply(x)


if __name__ == "__main__":
    X = demo_matrix(32, 4)
    logger.warning("std after norm: %s", norm(X).std(0))
    logger.warning("negatives: %s", negatives(jnp.array([-1.0, 1.0])))
    logger.warning("flatten: %s", flatten(X).shape)
    logger.warning("maybe_negate: %s", maybe_negate(jnp.ones(2), True))
    logger.warning("cache: %s", demo_matrix.cache_info())
