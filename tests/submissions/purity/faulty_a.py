import jax
import jax.numpy as jnp
import numpy as np


def sgd_step(params, grads, lr):
    # Updates the caller's dicts in place.
    for key in params:
        if isinstance(params[key], dict):
            sgd_step(params[key], grads[key], lr)
        else:
            params[key] = params[key] - lr * grads[key]
    return params


@jax.jit
def horner(coeffs, x):
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc


def per_example_grads(theta, x, y):
    grad = jax.grad(lambda t, xi, yi: (t[0] * xi + t[1] - yi) ** 2)
    return jnp.stack([grad(theta, x[i], y[i]) for i in range(x.shape[0])])


def moving_average(x, window):
    return np.convolve(x, np.ones(window) / window, mode="valid")
