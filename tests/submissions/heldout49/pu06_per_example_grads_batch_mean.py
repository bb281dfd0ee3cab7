# Held-out wrong answer (assignment: purity), fault in per_example_grads.
# Source: per-example vs. batch-mean gradient confusion (DP-SGD / Opacus tutorials on per-sample
# gradients; JAX "Per-example gradients" in the autodiff cookbook): the student keeps the batch
# mean's 1/n inside the per-example loss.
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
    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2 / len(x)
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    return jnp.convolve(x, jnp.ones(window), mode="valid") / window
