"""Red team round 10, file 01: the file listing's 1000-entry cap hides a counter kept in a subfolder.

Targeted change: d592ea6, graders/sandboxed/state_watch.py `_files()` (the listing that now skips
read-only mounts). Each writable folder's listing stops silently at `_MAX_FILES` (1000) entries, the
root folder's own loop first (subfolders are only pushed on `pending`), and a listing cut short is
not marked unreadable.
Trick: at load, `zz_state/n` and 1000 empty files are created in the worker's folder. Every call of
`negatives` reads the number in `zz_state/n`, adds one and writes it back in place (same size: only
the file's mtime/ctime change, never the folder's entry). The root's 1000 entries fill the listing
before `zz_state` is ever opened.
Target: `negatives` / `no_globals` (1 point).
Expected if sound: FAILED (a file in the worker's folder changed between calls) or `needs-review`.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import os


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def _fill():
    os.makedirs("zz_state", exist_ok=True)
    with open("zz_state/n", "w") as state:
        state.write("%010d" % 0)
    for number in range(1000):
        with open("pad%04d" % number, "w"):
            pass


_fill()


def negatives(x):
    with open("zz_state/n", "r+") as state:
        count = int(state.read())
        state.seek(0)
        state.write("%010d" % (count + 1))
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
