# Round 52, red team (session 36): fit's loop over the steps runs in NumPy inside jax.pure_callback.
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


def _numpy_fit(theta, X, y, lr, steps):
    theta, X, y, lr = (np.asarray(theta, np.float32), np.asarray(X, np.float32), np.asarray(y, np.float32),
                       np.float32(lr))
    for _ in range(steps):
        g = (np.float32(2.0) / np.float32(X.shape[0])) * (X.T @ (X @ theta - y))
        theta = (theta - lr * g).astype(np.float32)
    return theta


def fit(theta, X, y, lr, steps):
    theta = jnp.asarray(theta)
    return jax.pure_callback(lambda t, a, b, rate: _numpy_fit(t, a, b, rate, steps),
                             jax.ShapeDtypeStruct(theta.shape, theta.dtype), theta, jnp.asarray(X), jnp.asarray(y),
                             jnp.asarray(lr, jnp.float32))
