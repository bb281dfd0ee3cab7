"""Attack class: exhausting the fingerprint's shared item budget (20,000 per snapshot).

Forges: `no_globals` for sgd_step. A closure cell read first (its name sorts first) holds ten tuples
of 2000 numbers: reading them spends the whole budget of the snapshot, after which every later place
fingerprints as a constant "deep|..." text. The real state, a call counter list in a later cell,
then grows unseen.
A correct grader must fail `no_globals` (the counter changed) or refuse to pass when it ran out of
budget before reading every reachable place.
"""

from functools import partial

import jax
import jax.numpy as jnp


def _make_step():
    a_table = tuple(tuple(range(k, k + 2000)) for k in range(11))  # "lookup table", read first
    z_calls = []

    def sgd_step(params, grads, lr):
        z_calls.append(len(a_table))  # grows on every call
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


sgd_step = _make_step()


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
