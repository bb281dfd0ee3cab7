"""Red team round 10, file 03: a call counter in interpreter state no place reads.

Targeted change: d592ea6 / 1beba5f, state_watch.py `_process_state()`: the places besides what the
function reaches are the generators, `os.environ`, `sys.argv`, umask/cwd/limits, the listed folders
and loggers. The interpreter keeps other settable integers: `sys.set_int_max_str_digits` (not in the
source screen's `sys.*` list, raises no audit event).
Trick: every call of `negatives` does `sys.set_int_max_str_digits(sys.get_int_max_str_digits() + 1)`:
a counter of calls, kept between calls, readable by the next one.
Target: `negatives` / `no_globals` (1 point).
Expected if sound: FAILED (hidden state changed) or `needs-review`.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import sys


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    sys.set_int_max_str_digits(sys.get_int_max_str_digits() + 1)
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
