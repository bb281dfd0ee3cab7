# attack key_discipline: wrap_key_data done inside an inner jax.jit on key_data(key), twin used beside key
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

_wrap = jax.jit(jax.random.wrap_key_data)

def init_layer(key, n_in, n_out):
    twin = _wrap(jax.random.key_data(key))
    W = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(twin, (n_out,))
    return W, b

def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)

def _mse(theta, X, y):
    return jnp.mean((X @ theta - y) ** 2)

def fit(theta, X, y, lr, steps):
    def step(_, theta):
        return theta - lr * jax.grad(_mse)(theta, X, y)
    return lax.fori_loop(0, steps, step, theta)
