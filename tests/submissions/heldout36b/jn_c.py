import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    x = jnp.asarray(x)
    return x.at[i].set(value)


def scatter_add(x, indices, updates):
    x = jnp.asarray(x)
    return x.at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    theta = jnp.asarray(theta)
    return jax.value_and_grad(_mse, argnums=1)(theta, x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
