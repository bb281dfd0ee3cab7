# Held-out wrong answer (assignment: jax-numpy), fault in scatter_add.
# Source: the NumPy recipe "sum values at repeated indices" with np.bincount(idx, weights=..., minlength=n)
# (Stack Overflow answers on accumulating with repeated indices) ported without minlength/length;
# jnp.bincount docs: without `length` the output size is max(indices) + 1 and is not static under jit
# (see also jax-ml/jax#10920 on bincount's length).
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    sums = jnp.bincount(indices, weights=updates)
    return x + sums


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
