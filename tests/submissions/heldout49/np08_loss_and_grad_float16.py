# Held-out wrong answer (assignment: jax-numpy), fault in loss_and_grad.
# Source: mixed-precision advice ("use half precision to save memory", NVIDIA's Mixed Precision
# Training guide, which warns that float16 overflows above 65504 and loses digits) applied without
# loss scaling or a float32 master copy; JAX docs "Default dtypes and the X64 flag".
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
    theta, x, y = (jnp.asarray(a, dtype=jnp.float16) for a in (theta, x, y))
    return jax.value_and_grad(_mse)(theta, x, y)


def update(theta, x, y, lr=0.1):
    x, y = jnp.asarray(x), jnp.asarray(y)
    residual = theta[0] * x + theta[1] - y
    grad = jnp.stack([2.0 * jnp.mean(residual * x), 2.0 * jnp.mean(residual)])
    return theta - lr * grad
