# Held-out wrong answer (assignment: purity), fault in horner.
# Source: off-by-one when seeding Horner's accumulator with the leading coefficient (the usual
# textbook form "p = a[0]; for k in 1..n: p = p*x + a[k]", e.g. Wikipedia "Horner's method") but
# keeping the loop start at 0; lax.fori_loop docs: the loop runs lower <= i < upper.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]
    acc = jnp.full_like(x, coeffs[0])
    return lax.fori_loop(0, coeffs.shape[0], body, acc)


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    return jnp.convolve(x, jnp.ones(window), mode="valid") / window
