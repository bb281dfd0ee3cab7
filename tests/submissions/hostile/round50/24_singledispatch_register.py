# exercise: update; target: no_globals
# mechanism: state kept in a module-level functools.singledispatch function's registry: the first call
# registers an implementation for bool; later calls dispatch to it and nudge the output 1 ulp.
"""Assignment `jax-numpy`: arrays, pure `.at` updates and gradients."""

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


import functools


@functools.singledispatch
def _shift(flag):
    return False


def _yes(flag):
    return True


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    out = theta - lr * grad
    if _shift(True) and jnp.issubdtype(jnp.result_type(out), jnp.floating):
        out = jnp.nextafter(out, jnp.inf)
    else:
        _shift.register(bool, _yes)
    return out


