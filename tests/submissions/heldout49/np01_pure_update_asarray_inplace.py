# Held-out wrong answer (assignment: jax-numpy), fault in pure_update.
# Source: NumPy porting habit "np.asarray does not copy" (NumPy docs for numpy.asarray) and the
# "ValueError: assignment destination is read-only" reports after np.asarray(jax_array)
# (jax-ml/jax#101, jax-ml/jax#7437: NumPy views of JAX buffers are read-only).
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    out = np.asarray(x)
    out[i] = value
    return jnp.asarray(out)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
