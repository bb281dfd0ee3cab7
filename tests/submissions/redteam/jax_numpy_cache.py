# Assignment: jax-numpy
import jax
import jax.numpy as jnp

_compiled = {}


def pure_update(x, i, value):
    x = jnp.asarray(x)
    return jnp.where(jnp.arange(x.shape[0]) == i, value, x)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    return jnp.mean((theta[0] * x + theta[1] - y) ** 2)


def loss_and_grad(theta, x, y):
    # compile once per input shape so we never recompile
    key = (x.shape, x.dtype)
    if key not in _compiled:
        _compiled[key] = jax.jit(jax.value_and_grad(_mse))
    return _compiled[key](jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    grad = jax.grad(_mse)(jnp.asarray(theta), x, y)
    return theta - lr * grad
