# Assignment: purity
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(acc, c):
        new = acc * x + c
        return new, acc

    _, history = jax.lax.scan(body, jnp.zeros_like(x), coeffs)
    return history[-1]


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2

    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(theta, x, y)


def _windows(n, window):
    starts = jnp.arange(n - window)
    return starts[:, None] + jnp.arange(window)[None, :]


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    idx = _windows(x.shape[0], window)
    return x[idx].mean(axis=1)
