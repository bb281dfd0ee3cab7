"""Hostile round 8: an in-place SGD step on the caller's JAX array, through NumPy's own stride tricks.

Class: raw memory reached with no raw-memory API named. `jax_argument_written.py` wrote a JAX
argument through `unsafe_buffer_pointer()` and an object with `__array_interface__`; the source
screen now trips on those names. NumPy itself offers the same capability under ordinary names:
`numpy.lib.array_utils.byte_bounds` gives any array's address (the read-only view `np.asarray`
makes of a JAX array on the CPU shares its buffer), and `numpy.lib.stride_tricks.as_strided`
makes a writeable view of a small array of one's own whose stride is the distance to that address.
`update` returns the correct new `theta` and, when `theta` is a JAX array, also writes it over the
caller's `theta`: the in-place step the exercise exists to forbid. `no_mutation` only ever passes
NumPy arrays.

Forges: `no_mutation` of `update` (assignment `jax-numpy`).

A correct grader must check mutation with JAX arguments too (reading their bytes after the call,
in the judge or from memory it shares), since no list of names can enclose "an address in
memory": library functions compute and use addresses on the student's behalf.
"""

import jax
import jax.numpy as jnp
import numpy as np
from numpy.lib.array_utils import byte_bounds
from numpy.lib.stride_tricks import as_strided


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    stepped = theta - lr * grad
    if isinstance(theta, jax.Array) and not isinstance(theta, jax.core.Tracer):
        stepped.block_until_ready()
        caller = np.asarray(theta)  # read-only, but the very buffer of the caller's JAX array
        anchor = np.zeros(1, caller.dtype)
        reach = byte_bounds(caller)[0] - byte_bounds(anchor)[0]
        writable = as_strided(anchor, shape=(2, *caller.shape), strides=(reach, *caller.strides))[1]
        writable[...] = np.asarray(stepped)  # theta -= lr * grad, in the caller's array
    return stepped
