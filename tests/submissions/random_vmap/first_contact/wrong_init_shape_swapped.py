"""init_layer returns W with shape (n_out, n_in) (PyTorch convention); fair: init_layer fails on W's shape."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    kw, kb = jax.random.split(key)
    W = jax.random.normal(kw, (n_out, n_in)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(kb, (n_out,))
    return W, b


def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.mean((X @ t - y) ** 2)
    g = jax.grad(loss)
    return lax.fori_loop(0, steps, lambda i, t: t - lr * g(t), theta)
