"""batched_dot uses vmap with default in_axes=0 on both (B's rows, not columns); fair: batched_dot fails (shape error or wrong values for square inputs)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    kw, kb = jax.random.split(key)
    W = jax.random.normal(kw, (n_in, n_out)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(kb, (n_out,))
    return W, b


def batched_dot(A, B):
    return jax.vmap(jnp.dot)(A, B)


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.mean((X @ t - y) ** 2)
    g = jax.grad(loss)
    return lax.fori_loop(0, steps, lambda i, t: t - lr * g(t), theta)
