"""Assignment 2 (jit) -- cleaned-up script version of my notebook.

I keep the standardisation settings in a small frozen dataclass so that I cannot
change them by accident, and build `norm` from it with a closure.
"""
import functools
import logging
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["norm", "negatives", "flatten", "maybe_negate"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class StandardiseSpec:
    """How to standardise: over which axis, and which ddof (population std = 0)."""
    axis: int = 0
    ddof: int = 0
    label: str = "column-wise z-score"


@dataclass(frozen=True)
class DemoConfig:
    """Only used by the demo at the bottom."""
    n: int = 64
    d: int = 4
    seed: int = 0
    tags: list = field(default_factory=lambda: ["demo", "jit"])


DEMO = DemoConfig()


def _make_norm(spec: StandardiseSpec):
    """Build a jitted standardiser for the given spec (spec is closed over, never changed)."""

    def norm(X: jax.Array) -> jax.Array:
        """(X - X.mean(0)) / X.std(0), one mean/std per column."""
        mean = X.mean(axis=spec.axis)
        std = X.std(axis=spec.axis, ddof=spec.ddof)
        return (X - mean) / std

    return jax.jit(norm)


norm = _make_norm(StandardiseSpec())


def negatives(x: jax.Array) -> jax.Array:
    """Negative entries kept, everything else set to 0 (same shape, so it works under jit)."""
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x: jax.Array) -> jax.Array:
    """x as a 1-D array; x.size is a Python int while tracing."""
    return jnp.reshape(x, (x.size,))


@functools.partial(jax.jit, static_argnames=("neg",))
def maybe_negate(x: jax.Array, neg: bool) -> jax.Array:
    """-x if neg else x; neg is static so a Python `if` is fine."""
    if neg:
        return -x
    return x


def _demo(cfg: DemoConfig = DEMO) -> None:
    logging.basicConfig(level=logging.INFO)
    X = jax.random.normal(jax.random.PRNGKey(cfg.seed), (cfg.n, cfg.d)) * 3.0 + 1.0
    Z = norm(X)
    logger.info("%s: mean=%s std=%s", StandardiseSpec().label, np.asarray(Z.mean(0)), np.asarray(Z.std(0)))
    logger.info("negatives: %s", negatives(jnp.array([-1.0, 2.0, -3.0])))
    logger.info("flatten: %s", flatten(jnp.ones((2, 3))).shape)
    logger.info("maybe_negate: %s %s", maybe_negate(jnp.arange(3.0), True), maybe_negate(jnp.arange(3.0), False))


if __name__ == "__main__":
    _demo()
