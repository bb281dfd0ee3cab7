"""Target: jit / negatives / no_globals.

A one-bit counter (calls mod 2) in one of NumPy's private process-wide switches that the scan does not
list: `_set_numpy_warn_if_no_mem_policy` (in `numpy._core._multiarray_umath`), which, like the listed
`_set_madvise_hugepage`, returns the value it replaced, so one call both reads and flips it. The
scan's `_SWITCH_ATTRIBUTES` names only `_set_madvise_hugepage` and `_set_promotion_state`, and no
snapshot reads this switch.
"""

from functools import partial

import jax
import jax.numpy as jnp
from numpy._core import _multiarray_umath



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = int(_multiarray_umath._set_numpy_warn_if_no_mem_policy(0))
    _multiarray_umath._set_numpy_warn_if_no_mem_policy(1 - calls)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
