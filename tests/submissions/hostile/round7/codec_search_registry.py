"""Assignment `purity`, reference solution; attack on `per_example_grads` / `no_globals`.

Class: the submission's code run by the interpreter from a process-wide registry, never named by
the graded function. A codec search function is registered at load (`codecs.register`); the
graded function only encodes an empty string under an unknown encoding name, which makes Python
call the search function, whose closure keeps a list that grows. The walk starts from the names
the graded code uses, and none of them leads to the registered function.
"""

import codecs
from functools import partial

import jax
import jax.numpy as jnp


def _make_search():
    lookups = []

    def search(name):
        if name == "per_example_tally":
            lookups.append(name)  # one more item per lookup
        return None  # unknown: a failed lookup is not cached, so every call looks again

    return search


codecs.register(_make_search())


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    try:
        "".encode("per_example_tally")  # runs the registered search function
    except LookupError:
        pass
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
