import jax
import jax.numpy as jnp
from jax import lax

calls = 0


def sgd_step(params, grads, lr):
    global calls
    calls += 1
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def horner(coeffs, x):
    return lax.fori_loop(0, coeffs.shape[0], lambda i, acc: acc * x + coeffs[i], jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    # Averages over the batch instead of keeping one gradient per example.
    g = jax.grad(lambda t: jnp.mean((t[0] * x + t[1] - y) ** 2))(theta)
    return jnp.tile(g, (x.shape[0], 1))


def moving_average(x, window):
    kernel = jnp.ones(window) / window
    return jnp.convolve(x, kernel, mode="same")
