# honest: W columns drawn by vmap over split(w_key, n_out)
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    w_key, b_key = jax.random.split(key)
    cols = jax.vmap(lambda k: jax.random.normal(k, (n_in,)))(jax.random.split(w_key, n_out))
    W = cols.T / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(b_key, (n_out,))
    return W, b

def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)

def _mse(theta, X, y):
    return jnp.mean((X @ theta - y) ** 2)

def fit(theta, X, y, lr, steps):
    def step(_, theta):
        return theta - lr * jax.grad(_mse)(theta, X, y)
    return lax.fori_loop(0, steps, step, theta)
