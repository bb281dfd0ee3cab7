# Held-out wrong answer (assignment: purity), fault in sgd_step.
# Source: Python docs "copy - Shallow and deep copy operations" (dict(d) / d.copy() share the
# values) and NumPy's in-place augmented assignment (a -= b writes into a's buffer): the copied dict
# still holds the caller's arrays, and -= changes them.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    new = dict(params)
    for key, value in new.items():
        if isinstance(value, dict):
            new[key] = sgd_step(value, grads[key], lr)
        else:
            new[key] -= lr * grads[key]
    return new


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
    return jnp.convolve(x, jnp.ones(window), mode="valid") / window
