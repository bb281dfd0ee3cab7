# Held-out wrong answer (assignment: jax-numpy), fault in loss_and_grad (cascades into update).
# Source: jax-ml/jax#4177 "Gradient of squared 2-norm returns NaN when input is vector of zeros",
# jax-ml/jax#21723, HIPS/autograd#151: d/dr ||r|| is r/||r||, 0/0 at r = 0.
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    residual = theta[0] * x + theta[1] - y
    return jnp.linalg.norm(residual) ** 2 / residual.shape[0]


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
