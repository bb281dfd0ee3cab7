# Held-out wrong answer (assignment: purity), fault in horner.
# Source: lax.scan's body is f(carry, x) but lax.fori_loop's is body_fun(i, val) (jax.lax.fori_loop
# docs); a student who wrote scan bodies first writes the fori_loop body carry-first.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(acc, i):
        return acc * x + coeffs[i]
    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    return jnp.convolve(x, jnp.ones(window), mode="valid") / window
