# Round 52, red team (session 36): batched_dot loops over the rows in NumPy inside jax.pure_callback.
"""Assignment `random-vmap`: the reference solutions (never released)."""

import jax
import jax.numpy as jnp
from jax import lax


def init_layer(key, n_in, n_out):
    w_key, b_key = jax.random.split(key)
    W = jax.random.normal(w_key, (n_in, n_out)) / jnp.sqrt(n_in)
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


# The attack.
import numpy as np


def _numpy_rows(A, B):
    A, B = np.asarray(A), np.asarray(B)
    return np.asarray([np.dot(A[i], B[:, i]) for i in range(A.shape[0])], dtype=np.float32).reshape(A.shape[0])


def batched_dot(A, B):
    A, B = jnp.asarray(A), jnp.asarray(B)
    return jax.pure_callback(_numpy_rows, jax.ShapeDtypeStruct((A.shape[0],), jnp.float32), A, B)
