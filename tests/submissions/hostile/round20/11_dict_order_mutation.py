"""Target: purity / sgd_step / no_mutation (2 points).

`sgd_step` changes its argument `params` in place: after computing the result it reverses the order of
the keys of every dict in `params` (each value popped and put back), keeping every dict and every array
the very object the caller passed. The caller's pytree is changed (`list(params)` differs after the
call). The judge compares the arrays' bytes (untouched) and whether each container and array is the
same object at its path (they are); the worker's echo of the containers may not keep their order.
"""

from functools import partial

import jax
import jax.numpy as jnp


def _reverse_keys(tree):
    if isinstance(tree, dict):
        for key in list(tree)[::-1]:
            tree[key] = tree.pop(key)
        for value in tree.values():
            _reverse_keys(value)


def sgd_step(params, grads, lr):
    result = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    _reverse_keys(params)
    return result


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
