"""JAX as accelerated NumPy -- homework.

The linear model lives in a frozen dataclass; `loss_and_grad` is built once from
it by a small factory (the model is closed over, never modified).
"""
from dataclasses import dataclass
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["pure_update", "scatter_add", "loss_and_grad", "update"]


@dataclass(frozen=True)
class LinearModel:
    """y ~ w * x + b with theta = [w, b]."""
    name: str = "line"
    n_params: int = 2

    def predict(self, theta: jax.Array, x: jax.Array) -> jax.Array:
        return theta[0] * x + theta[1]

    def mse(self, theta: jax.Array, x: jax.Array, y: jax.Array) -> jax.Array:
        residual = self.predict(theta, x) - y
        return jnp.mean(residual ** 2)

    @property
    def param_names(self) -> Tuple[str, str]:
        return ("w", "b")


@dataclass(frozen=True)
class TrainConfig:
    lr: float = 0.1
    steps: int = 200
    seed: int = 0


TRAIN = TrainConfig()


def pure_update(x: jax.Array, i: int, value: float) -> jax.Array:
    """Copy of x with x[i] = value; x itself is left alone (JAX arrays are immutable anyway)."""
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x: jax.Array, indices: jax.Array, updates: jax.Array) -> jax.Array:
    """x with updates added at indices; duplicates accumulate with .add (not .set)."""
    return jnp.asarray(x).at[indices].add(updates)


def _make_loss_and_grad(model: LinearModel):
    value_and_grad = jax.value_and_grad(model.mse)

    def loss_and_grad(theta: jax.Array, x: jax.Array, y: jax.Array) -> Tuple[jax.Array, jax.Array]:
        """(mean squared error, its gradient in theta)."""
        return value_and_grad(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))

    return loss_and_grad


loss_and_grad = _make_loss_and_grad(LinearModel())


def update(theta: jax.Array, x: jax.Array, y: jax.Array, lr: float = 0.1) -> jax.Array:
    """One gradient-descent step."""
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


def train(cfg: TrainConfig = TRAIN) -> np.ndarray:
    rng = np.random.default_rng(cfg.seed)
    x = rng.uniform(-2, 2, 64).astype(np.float32)
    y = (3.0 * x - 1.0 + 0.1 * rng.normal(size=64)).astype(np.float32)
    theta = jnp.zeros(2)
    for _ in range(cfg.steps):
        theta = update(theta, x, y, cfg.lr)
    return np.asarray(theta)


if __name__ == "__main__":
    print(dict(zip(LinearModel().param_names, train())))
    print(pure_update(jnp.arange(5.0), -1, 9.0))
    print(scatter_add(jnp.zeros(3), jnp.array([0, 0, 2]), jnp.ones(3)))
