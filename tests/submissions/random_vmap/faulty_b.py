"""Assignment `random-vmap`, three more: NumPy's generator for a key, vmap over the wrong axis of B, one step short."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def init_layer(key, n_in, n_out):
    W = np.random.normal(0.0, 1.0 / np.sqrt(n_in), (n_in, n_out)).astype(np.float32)
    b = np.random.normal(0.0, 0.1, (n_out,)).astype(np.float32)
    return jnp.asarray(W), jnp.asarray(b)


def batched_dot(A, B):
    return jax.vmap(jnp.dot)(A, B)


def fit(theta, X, y, lr, steps):
    def step(i, theta):
        return theta - lr * jax.grad(lambda t: jnp.mean((X @ t - y) ** 2))(theta)

    return lax.fori_loop(1, steps, step, theta)
