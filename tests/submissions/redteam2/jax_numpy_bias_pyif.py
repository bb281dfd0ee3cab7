# Assignment: jax-numpy
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    x = jnp.asarray(x)
    if i < 0:
        i = i + x.shape[0]
    return x.at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _predict(theta, x):
    w, b = theta
    return w * x - b


def _loss(theta, x, y):
    residual = _predict(theta, x) - y
    return jnp.mean(residual ** 2)


def loss_and_grad(theta, x, y):
    value, grad = jax.value_and_grad(_loss)(jnp.asarray(theta), x, y)
    return value, grad


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    new_theta = theta - lr * grad
    return new_theta
