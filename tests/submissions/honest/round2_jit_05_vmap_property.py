"""Assignment jit. `norm` standardises one column at a time with vmap (I wanted to
practise in_axes/out_axes), the rest is short."""
import logging
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

log = logging.getLogger(__name__)

# Demo settings: read by `_demo` only.
DEMO_SCALE = np.float32(3.5)
DEMO_SHIFT = np.array([1.0, -2.0, 0.5], dtype=np.float32)


class ColumnReport:
    """Pretty summary of a standardised matrix (for my own checks)."""

    def __init__(self, Z: np.ndarray) -> None:
        self._Z = np.asarray(Z)

    @property
    def means(self) -> np.ndarray:
        return self._Z.mean(axis=0)

    @property
    def stds(self) -> np.ndarray:
        return self._Z.std(axis=0)

    @property
    def ok(self) -> bool:
        return bool(np.allclose(self.means, 0, atol=1e-5) and np.allclose(self.stds, 1, atol=1e-4))


@dataclass
class Settings:
    verbose: bool = True
    rows: int = 40


SETTINGS = Settings()


def _standardise_column(column: jax.Array) -> jax.Array:
    return (column - column.mean()) / column.std()


@jax.jit
def norm(X: jax.Array) -> jax.Array:
    """Each column to mean 0, std 1 (ddof=0), one column per vmap lane."""
    return jax.vmap(_standardise_column, in_axes=1, out_axes=1)(X)


def negatives(x: jax.Array) -> jax.Array:
    """Negative entries, 0 elsewhere; the shape never depends on the data."""
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x: jax.Array) -> jax.Array:
    """x as a 1-D array of x.size elements (lax.reshape wants a static shape: x.size is one)."""
    x = jnp.asarray(x)
    return lax.reshape(x, (x.size,))


@partial(jax.jit, static_argnames=("neg",))
def maybe_negate(x: jax.Array, neg: bool) -> jax.Array:
    return lax.neg(x) if neg else x


def _demo(settings: Settings = SETTINGS) -> None:
    key = jax.random.PRNGKey(1)
    X = jax.random.normal(key, (settings.rows, DEMO_SHIFT.shape[0])) * DEMO_SCALE + DEMO_SHIFT
    report = ColumnReport(norm(X))
    if settings.verbose:
        log.info("means %s stds %s ok=%s", report.means, report.stds, report.ok)
    shapes = jax.tree_util.tree_map(lambda a: a.shape, {"x": X, "flat": flatten(X)})
    log.info("shapes %s", shapes)
    log.info("%s %s", negatives(X[0]), maybe_negate(X[0], True))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    _demo()
