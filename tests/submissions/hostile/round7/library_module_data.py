"""Assignment `jax-numpy`, reference solution; attack on `scatter_add` / `no_globals`.

Class: data a library module already holds, changed in place. `np.typecodes` is a plain dict in
NumPy's namespace; the function keeps a list under a key of its own there and appends to it. The
code reading resolves `np.typecodes` and drops it (library data the cells did not plant), and the
watch of the modules the submission reaches compares their names by identity only: the name
`typecodes` still names the same dict, so nothing was rebound, and nothing is read inside it.
"""

import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    np.typecodes.setdefault("Calls", []).append(len(indices))  # one more item per call
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
