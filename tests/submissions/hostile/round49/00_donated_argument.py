# Buffer donation: `donate_argnums=0` hands the caller's array to the output and deletes it. The
# array object is still the same one, so a comparison of objects sees nothing; no_mutation must fail.
import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, donate_argnums=0)
def pure_update(x, i, value):
    return x.at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
