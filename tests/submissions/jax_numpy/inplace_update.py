# A gradient step that updates the caller's array in place, as NumPy habits suggest;
# and an .at update that only works for JAX arrays.
import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    if isinstance(x, np.ndarray):
        raise TypeError("please pass a JAX array")
    return x.at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def loss_and_grad(theta, x, y):
    def loss(t):
        return jnp.mean((t[0] * x + t[1] - y) ** 2)

    return jax.value_and_grad(loss)(jnp.asarray(theta))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    if isinstance(theta, np.ndarray):
        grad = np.asarray(grad)  # NumPy all the way, so the step can update theta in place
    theta -= lr * grad
    return theta
