# Held-out wrong answer (assignment: purity), fault in moving_average.
# Source: Stack Overflow "Moving average or running mean" (question 13728392): the cumsum answer
# prepends a 0 (np.cumsum(np.insert(x, 0, 0))); without it the differences drop the first window
# and the result has n - window entries instead of n - window + 1.
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
        return (t[0] * xi + t[1] - yi) ** 2
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    c = jnp.cumsum(x)
    return (c[window:] - c[:-window]) / window
