"""Assignment jax-numpy, annotated. scatter_add is written as an explicit loop
with lax.fori_loop first (to see that duplicates accumulate), checked against .at[].add."""
from typing import Callable, Final, Tuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

Array = jax.Array
LossFn = Callable[[Array, Array, Array], Array]

DEFAULT_LR: Final = 0.1


def pure_update(x: Array, i: int | Array, value: float | Array) -> Array:
    """x with element/row i set to value, x untouched."""
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x: Array, indices: Array, updates: Array) -> Array:
    """x[indices[k]] += updates[k] for every k, in order, without touching x."""
    x = jnp.asarray(x)
    indices = jnp.asarray(indices)
    updates = jnp.asarray(updates, dtype=x.dtype)

    def body(k: int, acc: Array) -> Array:
        return acc.at[indices[k]].add(updates[k])

    return lax.fori_loop(0, indices.shape[0], body, x)


def squared_error(theta: Array, x: Array, y: Array) -> Array:
    return jnp.mean((theta[0] * x + theta[1] - y) ** 2)


def loss_and_grad(theta: Array, x: Array, y: Array) -> Tuple[Array, Array]:
    """The loss and its gradient with respect to theta (argnums=0)."""
    grad_fn: LossFn = jax.value_and_grad(squared_error, argnums=0)
    return grad_fn(jnp.asarray(theta, dtype=jnp.float32), x, y)


def update(theta: Array, x: Array, y: Array, lr: float = DEFAULT_LR) -> Array:
    """theta - lr * grad."""
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


def _self_check() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=6).astype(np.float32)
    idx = np.array([0, 0, 5, 2], dtype=np.int32)
    upd = rng.normal(size=4).astype(np.float32)
    np.testing.assert_allclose(scatter_add(x, idx, upd), jnp.asarray(x).at[idx].add(upd), rtol=1e-6)
    theta = np.array([0.3, -0.2], dtype=np.float32)
    loss, grad = loss_and_grad(theta, x, x)
    r = theta[0] * x + theta[1] - x
    np.testing.assert_allclose(grad, [np.mean(2 * r * x), np.mean(2 * r)], rtol=1e-5)
    print("ok", loss, update(theta, x, x))


if __name__ == "__main__":
    _self_check()
