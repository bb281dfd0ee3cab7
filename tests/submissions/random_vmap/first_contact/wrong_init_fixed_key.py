"""init_layer ignores its key argument and splits jax.random.PRNGKey(0); fair: init_layer fails (output does not depend on key)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(k2, (n_out,))
    return W, b


def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.mean((X @ t - y) ** 2)
    g = jax.grad(loss)
    return lax.fori_loop(0, steps, lambda i, t: t - lr * g(t), theta)
