# Held-out round 31, assignment jax-numpy.
# Source: JAX "Sharp Bits", in-place updates, and jax-ml/jax issue #7032 "Jax Numpy is not
# returning any result" https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#in-place-updates
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def pure_update(x, i, value):
    out = np.asarray(x)
    out[i] = value
    return out


def scatter_add(x, indices, updates):
    base = jnp.asarray(x)
    return base.at[jnp.asarray(indices)].add(jnp.asarray(updates))


def _loss(theta, x, y):
    residual = theta[0] * x + theta[1] - y
    return jnp.mean(residual ** 2)


def loss_and_grad(theta, x, y):
    loss, grad = jax.value_and_grad(_loss)(theta, x, y)
    return loss, grad


def update(theta, x, y, lr=0.1):
    grad = jax.grad(_loss)(theta, x, y)
    return jnp.asarray(theta) - lr * grad
