from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(0, len(coeffs), body, jnp.zeros(x.shape, x.dtype))


def per_example_grads(theta, x, y):
    def one(xi, yi):
        return jax.grad(lambda t: (t[0] * xi + t[1] - yi) ** 2)(theta)

    return jax.vmap(one)(x, y)


@partial(jax.jit, static_argnums=1)
def moving_average(x, window):
    n = x.shape[0] - window + 1
    windows = jnp.stack([lax.dynamic_slice(x, (start,), (window,)) for start in range(n)])
    return windows.mean(axis=1)
