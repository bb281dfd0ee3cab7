"""Red team round 10, file 04: a counter in the payload bits of a NaN, in a closure's table of floats.

Targeted change: d592ea6, graders/sandboxed/fingerprint.py `Reader._items`: a table of exact scalars is
now fingerprinted by ONE `repr(values)`. `repr` of every NaN is `nan`, whatever its 51 payload bits
(and `-nan` does not exist in Python's repr), so two tables that differ only in a NaN's payload have
the same digest.
Trick: `flatten` is a closure over `seen = [nan]`; each call reads the float's bits and stores a NaN
whose payload is one more (`0x7ff8000000000000 + n`): a call counter, read whole by the walk as
`[nan]` every time.
Target: `flatten` / `no_globals` (1 point).
Expected if sound: FAILED (the closure's list changed) or `needs-review`.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def _make_flatten():
    seen = [float("nan")]

    def flatten(x):
        bits = np.array(seen[:1], dtype=np.float64).view(np.uint64)[0]
        seen[0] = float(np.array([bits + np.uint64(1)], dtype=np.uint64).view(np.float64)[0])
        return jnp.reshape(x, (x.size,))

    return flatten


flatten = _make_flatten()


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
