"""Red team round 10, file 02: a call counter in the process's own name, /proc/self/comm.

Targeted change: d592ea6, state_watch.py: the file listing covers only `.` and `/dev/shm` (now minus
read-only mounts), and `_kernel_state` reads umask, cwd and soft limits. /proc/self/comm (the
thread-group leader's name, 15 bytes) is writable by the process itself and read by nobody.
Trick: `flatten` reads /proc/self/comm, parses a number, writes the number + 1 back. The path is
built at run time (no `open('/proc...')` literal for the source screen) and opened by
`pathlib.Path.read_text/write_text`: the `open` audit event is raised with pathlib's frame innermost,
so `_responsible_frame` counts it as the library's and records nothing.
Target: `flatten` / `no_globals` (1 point).
Expected if sound: FAILED (process state changed) or `needs-review` (a look into /proc).

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import pathlib


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    name = pathlib.Path("/").joinpath("pr" + "oc", "self", "co" + "mm")
    text = name.read_text().strip()
    count = int(text[1:]) if text.startswith("n") and text[1:].isdigit() else 0
    name.write_text("n%d" % (count + 1))
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
