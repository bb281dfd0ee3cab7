# Assignment: jax-numpy
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    arr = jnp.array(x)
    return arr.at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].set(updates)


def _loss(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean(jnp.square(w * x + b - y))


def loss_and_grad(theta, x, y):
    theta = jnp.asarray(theta)
    loss_fn = jax.value_and_grad(_loss, argnums=1)
    return loss_fn(theta, x, y)


def update(theta, x, y, lr=0.1):
    grad = jax.grad(_loss)(jnp.asarray(theta), x, y)
    return theta - lr * grad
