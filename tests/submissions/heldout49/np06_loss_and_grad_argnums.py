# Held-out wrong answer (assignment: jax-numpy), fault in loss_and_grad (cascades into update).
# Source: jax.grad / jax.value_and_grad docs ("argnums: ... Default 0"): the loss is written
# data-first, loss(x, y, theta), as in many scikit-learn style tutorials, so the gradient is taken
# with respect to x, not theta (a recurring Stack Overflow question "jax grad with respect to
# second argument").
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def mse(x, y, theta):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    loss, grad = jax.value_and_grad(mse)(jnp.asarray(x), jnp.asarray(y), jnp.asarray(theta))
    return loss, grad


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
