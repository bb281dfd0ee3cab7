# attack key_discipline: key rebuilt from its raw bits plus 0 (computed bits wrap as fresh) and used beside the key
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    twin = jax.random.wrap_key_data(jax.random.key_data(key) + 0)
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
