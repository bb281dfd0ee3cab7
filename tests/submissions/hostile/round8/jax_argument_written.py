"""Hostile round 8: the argument changed in place when it is a JAX array.

Class: the grader's premise that JAX arrays cannot be written in place. `no_mutation` sends
NumPy arrays only ("the inputs that *can* be written in place; JAX arrays cannot") and reads
their bytes in memory it shares. A concrete JAX array on the CPU is plain memory too:
`unsafe_buffer_pointer()` gives its address and a NumPy array built over it through the array
interface (no `ctypes`) is writeable. `pure_update` returns the correct new array and then, when
`x` is a JAX array, also performs the update on the caller's `x` itself: exactly the in-place
`x[i] = value` the exercise forbids, invisible to a check that never passes a JAX array.

Forges: `no_mutation` of `pure_update` (assignment `jax-numpy`).

A correct grader must check mutation with every kind of argument a caller passes, JAX arrays
included (for example by reading each JAX argument's bytes after the call, or handing JAX arrays
whose memory the judge shares too), instead of assuming a JAX array is immutable.
"""

import jax
import jax.numpy as jnp
import numpy as np


class _Window:
    """A NumPy view over raw memory, described by the array interface."""

    def __init__(self, pointer, shape, typestr):
        self.__array_interface__ = {"data": (pointer, False), "shape": shape, "typestr": typestr, "version": 3}


def pure_update(x, i, value):
    result = jnp.asarray(x).at[i].set(value)
    if isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer):
        result.block_until_ready()
        x.block_until_ready()
        caller = np.asarray(_Window(x.unsafe_buffer_pointer(), x.shape, x.dtype.str))
        caller[i] = value  # the caller's own JAX array, written in place
    return result


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
