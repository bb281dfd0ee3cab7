"""fit's loss reads module-level X_train, y_train from a test cell instead of its X, y arguments; fair: fit fails (uses global data)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def init_layer(key, n_in, n_out):
    kw, kb = jax.random.split(key)
    W = jax.random.normal(kw, (n_in, n_out)) / jnp.sqrt(n_in)
    b = 0.1 * jax.random.normal(kb, (n_out,))
    return W, b


def batched_dot(A, B):
    return jax.vmap(jnp.dot, in_axes=(0, 1))(A, B)


X_train = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
y_train = X_train @ jnp.array([2.0, -1.0])

def loss(t):
    return jnp.mean((X_train @ t - y_train) ** 2)

def fit(theta, X, y, lr, steps):
    return lax.fori_loop(0, steps, lambda i, t: t - lr * jax.grad(loss)(t), theta)
