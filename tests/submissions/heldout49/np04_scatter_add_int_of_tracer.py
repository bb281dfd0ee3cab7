# Held-out wrong answer (assignment: jax-numpy), fault in scatter_add.
# Source: JAX "Sharp bits" / FAQ on ConcretizationTypeError: calling Python int() on a traced value
# (jax-ml/jax#6350 "segment_sum incompatible with jit" shows the same int(...) concretization failure).
# The student loops in Python and converts each index with int(), a NumPy habit.
import numpy as np
import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    out = jnp.asarray(x)
    for k in range(len(indices)):
        out = out.at[int(indices[k])].add(updates[k])
    return out


def _mse(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
