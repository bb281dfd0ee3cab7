"""init_layer uses np.random.normal and ignores the key; fair: init_layer fails (not from key, not reproducible)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    W = np.random.normal(0.0, 1.0 / np.sqrt(n_in), size=(n_in, n_out))
    b = np.random.normal(0.0, 0.1, size=(n_out,))
    return jnp.asarray(W), jnp.asarray(b)


def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.mean((X @ t - y) ** 2)
    g = jax.grad(loss)
    return lax.fori_loop(0, steps, lambda i, t: t - lr * g(t), theta)
