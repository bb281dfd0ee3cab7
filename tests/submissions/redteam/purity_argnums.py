# Assignment: purity
import jax
import jax.numpy as jnp
from jax.tree_util import tree_map


def sgd_step(params, grads, lr):
    return tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    acc = jnp.zeros_like(x)
    acc = jax.lax.fori_loop(0, len(coeffs), lambda i, a: a * x + coeffs[i], acc)
    return acc


def _loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    g = jax.grad(_loss, argnums=1)
    return jax.vmap(g, in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    kernel = jnp.ones(window) / window
    return jnp.convolve(x, kernel, mode="full")[window - 1:]
