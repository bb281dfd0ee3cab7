"""Assignment `random-vmap`, three common mistakes: one key drawn from twice, the whole matrix product, a Python loop."""

import jax
import jax.numpy as jnp


def init_layer(key, n_in, n_out):
    W = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(key, (n_out,))
    return W, b


def batched_dot(A, B):
    return A @ B


def fit(theta, X, y, lr, steps):
    loss = lambda t: jnp.mean((X @ t - y) ** 2)  # noqa: E731
    for _ in range(steps):
        theta = theta - lr * jax.grad(loss)(theta)
    return theta
