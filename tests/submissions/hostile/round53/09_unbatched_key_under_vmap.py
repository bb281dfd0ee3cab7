# attack key_discipline: one key closed over by vmap with in_axes=None, so both batch rows draw from the same key
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    m = max(n_in * n_out, n_out)
    z = jax.vmap(lambda k, i: jax.random.normal(k, (m,)), in_axes=(None, 0))(key, jnp.arange(2))
    W = z[0, :n_in * n_out].reshape(n_in, n_out) / jnp.sqrt(n_in)
    b = 0.1 * z[1, :n_out]
    return W, b

def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)

def _mse(theta, X, y):
    return jnp.mean((X @ theta - y) ** 2)

def fit(theta, X, y, lr, steps):
    def step(_, theta):
        return theta - lr * jax.grad(_mse)(theta, X, y)
    return lax.fori_loop(0, steps, step, theta)
