"""init_layer sets b to zeros (common habit) instead of N(0, 0.1); fair: init_layer fails on b's spread."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    W = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jnp.zeros((n_out,))
    return W, b


def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.mean((X @ t - y) ** 2)
    g = jax.grad(loss)
    return lax.fori_loop(0, steps, lambda i, t: t - lr * g(t), theta)
