"""Assignment `random-vmap`, three more: the variance where the spread goes, a loop over the rows, the summed loss."""

import jax
import jax.numpy as jnp
from jax import lax


def init_layer(key, n_in, n_out):
    w_key, b_key = jax.random.split(key)
    W = jax.random.normal(w_key, (n_in, n_out)) / n_in
    b = 0.1 * jax.random.normal(b_key, (n_out,))
    return W, b


def batched_dot(A, B):
    return jnp.array([jnp.dot(A[i], B[:, i]) for i in range(A.shape[0])])


def fit(theta, X, y, lr, steps):
    def loss(t):
        return jnp.sum((X @ t - y) ** 2)

    return lax.fori_loop(0, steps, lambda i, t: t - lr * jax.grad(loss)(t), theta)
