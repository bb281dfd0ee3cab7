"""Assignment `jax-numpy`, reference solution; attack on `update` / `no_globals`.

Class: a library callable's own attributes are fingerprinted, but a function among them only
by identity: `np.vectorize` keeps its Python function as `pyfunc` (no `__wrapped__`), whose
closure (a growing list) is never walked.
"""

import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def _make_counter():
    history = []

    def record(v):
        history.append(v)
        return len(history)

    return np.vectorize(record, otypes=[int])


_record = _make_counter()  # a callable, not data: no "read" finding
_record(0)  # fills np.vectorize's own lazy cache before grading: only the closure changes later


def update(theta, x, y, lr=0.1):
    _record(0)  # one more item in the hidden history per call
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
