"""Homework 1 (jax-numpy), tidied up from my notebook."""
import functools
import logging

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["pure_update", "scatter_add", "loss_and_grad", "update"]

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=8)
def make_dataset(n: int, w: float = 1.5, b: float = -0.5, seed: int = 0) -> tuple:
    """Synthetic regression data; cached because the demo calls it several times."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-3, 3, n).astype(np.float32)
    y = (w * x + b + 0.05 * rng.normal(size=n)).astype(np.float32)
    return x, y


def _set_at(x, i, value, *, mode=None):
    return jnp.asarray(x).at[i].set(value, mode=mode)


# `mode=None` is the default indexing; I keep the helper general for the later exercises.
pure_update = functools.partial(_set_at, mode=None)

scatter_add = lambda x, indices, updates: jnp.asarray(x).at[indices].add(updates)  # noqa: E731


def _mse(theta, x, y):
    prediction = theta[0] * x + theta[1]
    return jnp.mean(jnp.square(prediction - y))


loss_and_grad = jax.jit(jax.value_and_grad(_mse))


def update(theta, x, y, lr=0.1):
    """theta - lr * grad; logging the loss is off unless I switch DEBUG on."""
    loss, grad = loss_and_grad(theta, x, y)
    logger.debug("loss=%s", loss)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, theta, grad)


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    x, y = make_dataset(100)
    theta = jnp.zeros(2)
    for _ in range(300):
        theta = update(theta, x, y)
    logger.info("theta=%s (cache %s)", theta, make_dataset.cache_info())
