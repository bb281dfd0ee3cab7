"""Assignment `jit` -- my answers.

Style notes to myself: named constants instead of magic numbers (IntEnum), and
small NamedTuples for values that travel together.
"""
import collections
import enum
import logging
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["norm", "negatives", "flatten", "maybe_negate"]

logger = logging.getLogger(__name__)


class Axis(enum.IntEnum):
    """Array axes, named."""
    ROWS = 0
    COLS = 1


class Sign(enum.IntEnum):
    POS = 1
    NEG = -1


class Moments(NamedTuple):
    """First two moments of the columns."""
    mean: jax.Array
    std: jax.Array


DemoShape = collections.namedtuple("DemoShape", ["n", "d"])


@jax.jit
def _column_moments(X: jax.Array) -> Moments:
    """Mean and population std of every column (reduce over the rows)."""
    return Moments(mean=X.mean(axis=0), std=X.std(axis=0))


@jax.jit
def norm(X: jax.Array) -> jax.Array:
    """Column-standardise X: (X - mean) / std, with std the population one."""
    moments = _column_moments(X)
    return (X - moments.mean) / moments.std


def negatives(x: jax.Array) -> jax.Array:
    """Negative entries of x, zeros elsewhere: same shape in and out, so jit is happy."""
    return jnp.minimum(x, 0)


def flatten(x: jax.Array) -> jax.Array:
    """1-D view of x (`np.prod(x.shape)` is a Python int at trace time)."""
    return x.reshape(int(np.prod(x.shape)))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x: jax.Array, neg: bool) -> jax.Array:
    """x times -1 when neg, else x unchanged. `neg` is static: one compiled program per value."""
    sign = Sign.NEG if neg else Sign.POS
    return x * int(sign)


def _demo(shape: DemoShape = DemoShape(n=50, d=3)) -> None:
    rng = np.random.default_rng(42)
    X = rng.normal(loc=2.0, scale=5.0, size=shape).astype(np.float32)
    Z = norm(X)
    logger.info("rows=%d, mean over %s: %s", shape.n, Axis.ROWS.name, np.asarray(Z.mean(Axis.ROWS)))
    logger.info("negatives: %s", negatives(jnp.array([-2.0, 0.0, 3.0])))
    logger.info("flatten: %s", flatten(jnp.zeros((2, 3, 4))).shape)
    logger.info("maybe_negate: %s", maybe_negate(jnp.arange(3.0), neg=True))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    _demo()
