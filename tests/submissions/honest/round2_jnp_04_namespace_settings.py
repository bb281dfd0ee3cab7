"""jax-numpy assignment. Hyper-parameters in one SimpleNamespace, the update built from it."""
import types
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

HPARAMS = types.SimpleNamespace(lr=0.1, steps=150, n=48)


class Batch(NamedTuple):
    x: np.ndarray
    y: np.ndarray


def pure_update(x, i, value):
    """New array, x[i] = value (i may be a traced integer)."""
    return jnp.array(x, copy=True).at[i].set(value)


def scatter_add(x, indices, updates):
    out = jnp.asarray(x)
    return out.at[indices].add(updates)


def _loss(theta, x, y):
    w, b = theta
    return ((w * x + b - y) ** 2).mean()


def loss_and_grad(theta, x, y):
    theta = jnp.asarray(theta)
    return jax.value_and_grad(_loss)(theta, x, y)


def _make_update(hparams):
    def update(theta, x, y, lr=None):
        """One step of gradient descent; lr defaults to the configured one (0.1)."""
        if lr is None:
            lr = hparams.lr
        _, grad = loss_and_grad(theta, x, y)
        return theta - lr * grad

    return update


update = _make_update(HPARAMS)


def make_batch(n: int, seed: int = 0) -> Batch:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n).astype(np.float32)
    return Batch(x=x, y=(0.7 * x + 2.0).astype(np.float32))


if __name__ == "__main__":
    batch = make_batch(HPARAMS.n)
    theta = jnp.zeros(2)
    for _ in range(HPARAMS.steps):
        theta = update(theta, batch.x, batch.y)
    print(theta, loss_and_grad(theta, *batch)[0])
