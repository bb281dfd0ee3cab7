"""Hostile round 8: a log kept in a NumPy dtype's metadata.

Class: user data carried inside a library value that the fingerprint reads by identity only
("library values whose fields are the library's business": dtypes, devices, treedefs). A
`np.dtype` accepts a `metadata` mapping; NumPy copies the mapping but not what it holds, and
hands it back through `dtype.metadata`. `scatter_add` keeps such a dtype in its closure and
appends the length of every `indices` it is given to a list inside the metadata: the dtype
object never changes identity, the list behind it grows on every call.

Forges: `no_globals` of `scatter_add` (assignment `jax-numpy`).

A correct grader must read what a library value holds when the value can hold the caller's
objects (a dtype's metadata, a treedef's node data), or call such a value unreadable.
"""

import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def _logged(function):
    kind = np.dtype(np.float32, metadata={"calls": []})  # compared by identity only

    def scatter_add(x, indices, updates):
        kind.metadata["calls"].append(len(indices))  # the list inside the dtype grows
        return function(x, indices, updates)

    return scatter_add


def _scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


scatter_add = _logged(_scatter_add)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
