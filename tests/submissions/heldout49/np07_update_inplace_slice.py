# Held-out wrong answer (assignment: jax-numpy), fault in update.
# Source: PyTorch habit of updating parameters in place ("with torch.no_grad(): w -= lr * w.grad",
# PyTorch "Learning PyTorch with Examples" tutorial) carried to JAX; JAX "Sharp bits":
# in-place updates. jax-ml/jax#24315 shows the TypeError JAX raises on x[idx] = y.
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    theta[:] = theta - lr * grad
    return theta
