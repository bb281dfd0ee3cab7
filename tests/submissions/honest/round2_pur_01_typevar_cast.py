"""Purity assignment -- fully typed (mypy --strict is happy with it)."""
import logging
from functools import partial
from typing import Any, TypeVar, cast

import jax
import jax.numpy as jnp
from jax import lax

__all__ = ["sgd_step", "horner", "per_example_grads", "moving_average"]

logger = logging.getLogger(__name__)

PyTree = TypeVar("PyTree")


def sgd_step(params: PyTree, grads: PyTree, lr: float) -> PyTree:
    """A new tree with p - lr * g at every leaf; params and grads are not touched."""
    updated = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return cast(PyTree, updated)


@jax.jit
def horner(coeffs: jax.Array, x: jax.Array) -> jax.Array:
    """sum_i coeffs[i] * x ** (k - 1 - i), highest degree first, by Horner's rule in a fori_loop."""

    def body(i: int, acc: jax.Array) -> jax.Array:
        return acc * x + coeffs[i]

    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _loss_one(theta: jax.Array, xi: jax.Array, yi: jax.Array) -> jax.Array:
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta: jax.Array, x: jax.Array, y: jax.Array) -> jax.Array:
    """Gradient of each example's own loss: shape (n, 2)."""
    return jax.vmap(jax.grad(_loss_one), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x: jax.Array, window: int) -> jax.Array:
    """Means of the full windows: cumsum difference, n - window + 1 values."""
    x = jnp.asarray(x)
    c = jnp.cumsum(jnp.concatenate([jnp.zeros((1,), x.dtype), x]))
    return (c[window:] - c[:-window]) / window


def _demo() -> dict[str, Any]:
    params = {"dense": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}, "scale": jnp.ones(1)}
    grads = jax.tree_util.tree_map(jnp.ones_like, params)
    return {
        "sgd": sgd_step(params, grads, 0.5),
        "horner": horner(jnp.array([1.0, -2.0, 3.0]), jnp.linspace(-1, 1, 4)),
        "pex": per_example_grads(jnp.array([1.0, 0.0]), jnp.arange(3.0), jnp.ones(3)),
        "ma": moving_average(jnp.arange(8.0), 3),
    }


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    for key, value in _demo().items():
        logger.info("%s: %s", key, value)
