import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    # Writes into the caller's array: fine for NumPy, impossible for JAX arrays.
    x[i] = value
    return x


def scatter_add(x, indices, updates):
    # Loses updates at repeated indices: only the last write survives.
    x = jnp.asarray(x)
    return x.at[indices].set(x[indices] + updates)


def loss_and_grad(theta, x, y):
    # A brand-new jitted lambda on every call: nothing is ever reused from the cache.
    loss_fn = jax.jit(lambda t: jnp.mean((t[0] * x + t[1] - y) ** 2))
    return jax.value_and_grad(loss_fn)(jnp.asarray(theta))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta + lr * grad
