"""Hana's purity assignment: correct, written her own way."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    grad_leaves = jax.tree_util.tree_leaves(grads)
    return jax.tree_util.tree_unflatten(treedef, [p - lr * g for p, g in zip(leaves, grad_leaves)])


@jax.jit
def horner(coeffs, x):
    def multiply_add(k, value):
        return value * x + coeffs[k]

    return lax.fori_loop(0, coeffs.size, multiply_add, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    def squared_error(t, a, b):
        return (t[0] * a + t[1] - b) ** 2

    return jax.vmap(jax.grad(squared_error), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


@partial(jax.jit, static_argnames=("window",))
def moving_average(x, window):
    starts = jnp.arange(x.shape[0] - window + 1)
    offsets = jnp.arange(window)
    return x[starts[:, None] + offsets[None, :]].mean(axis=1)
