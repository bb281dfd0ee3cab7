# Assignment: jax-numpy
import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    # make sure the index is a plain int
    i = int(i)
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    result = np.asarray(x)
    result[indices] += updates
    return result


def mean_squared_error(theta, x, y):
    w = theta[0]
    b = theta[1]
    errors = w * x + b - y
    return jnp.mean(errors * errors)


def loss_and_grad(theta, x, y):
    theta = jnp.asarray(theta, dtype=jnp.float32)
    value, grad = jax.value_and_grad(mean_squared_error)(theta, x, y)
    return value, grad


def update(theta, x, y, lr=0.1):
    return theta - lr * loss_and_grad(theta, x, y)[1]
