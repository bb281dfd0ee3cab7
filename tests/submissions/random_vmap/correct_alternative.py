"""Assignment `random-vmap`, correct and written otherwise than the reference: it must get full marks.

The keys are split in the other order, the dot products are an elementwise product summed over an axis, and
the loop is a `lax.scan` with a closed-form gradient.
"""

import jax
import jax.numpy as jnp
from jax import lax


def init_layer(key, n_in, n_out):
    b_key, w_key = jax.random.split(key)
    W = jax.random.normal(w_key, (n_in, n_out)) * (1.0 / n_in) ** 0.5
    b = jax.random.normal(b_key, (n_out,)) / 10.0
    return W, b


def batched_dot(A, B):
    return jnp.sum(A * B.T, axis=1)


def fit(theta, X, y, lr, steps):
    n = X.shape[0]

    def step(theta, _):
        residual = X @ theta - y
        return theta - lr * (2.0 / n) * (X.T @ residual), None

    theta, _ = lax.scan(step, theta, None, length=steps)
    return theta
