"""Red team round 10, file 06: a counter kept in a library function's `__dict__`.

Targeted change: d592ea6, graders/sandboxed/library.py: function referents are compared in blocks of
256, and a block whose referents changed is read function by function for `__code__`,
`__defaults__`, `__kwdefaults__` only: a `__dict__` made on first read is the expected, benign change.
After that, the dict's contents are never read (its identity stays the same).
Trick: every call of `negatives` reads `jnp.zeros_like._n` (0 when absent) and writes n + 1 back
with `functools.update_wrapper(jnp.zeros_like, holder, assigned=(), updated=("__dict__",))`: the
write happens in functools' frame (`getattr(wrapper, '__dict__').update(...)`), into a library
function's namespace, which is neither the submission's nor a module's.
Target: `negatives` / `no_globals` (1 point).
Expected if sound: FAILED (a library function's attribute changed) or `needs-review` (library patch).

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import functools


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    def holder():
        pass

    holder._n = getattr(jnp.zeros_like, "_n", 0) + 1
    functools.update_wrapper(jnp.zeros_like, holder, assigned=(), updated=("__dict__",))
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
