# Assignment: jax-numpy
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    x = jnp.asarray(x)
    mask = jnp.arange(x.shape[0]) == i
    return jnp.where(mask, value, x)


def scatter_add(x, indices, updates):
    out = jnp.array(x, copy=True)
    return out.at[indices].add(updates)


def _loss(theta, x, y):
    w = theta[0]
    b = theta[1]
    return ((w * x + b - y) ** 2).mean()


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_loss)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    step = lr * grad
    return theta - lr * step
