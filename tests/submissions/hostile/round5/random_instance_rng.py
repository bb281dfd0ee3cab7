"""Attack class: a private `random.Random` instance (its Mersenne-Twister state lives in C).

Forges: `no_globals` for sgd_step. The global generators of `random` and `numpy.random` are watched,
but a private `random.Random(0)` kept as a default argument is fingerprinted only through its
`__dict__` (`gauss_next`); its C-level state advances on every draw unseen. The draw feeds a
"dropout" mask that is always 1 (keep probability 1.0), so outputs still match.
A correct grader must fail `no_globals` (a generator was drawn from) or mark the place unreadable.
"""

import random
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr, _rng=random.Random(0)):
    keep = 1.0 if _rng.random() < 1.0 else 0.0  # advances the private generator on every call
    return jax.tree_util.tree_map(lambda p, g: p - lr * keep * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
