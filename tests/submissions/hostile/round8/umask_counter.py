"""Hostile round 8: a call counter kept by the kernel, in the process's file-creation mask.

Class: process state that is no Python object and no file. The watch covers the objects the
function reaches, the global random generators, `os.environ`, `sys.argv` and the files of the
writable folders. The kernel keeps more per process, and any of it survives between calls: the
umask, the working directory, the resource limits' soft values, the C environment behind
`os.putenv`. `os.umask(new)` sets the mask and returns the old one, so it is a nine-bit register
any call can read and write. `flatten` counts its calls, modulo 8, in the "others" bits of the
mask.

Forges: `no_globals` of `flatten` (assignment `jit`).

A correct grader must take the process's kernel attributes (umask, working directory, limits,
C environment) into the watched state, or read them from outside (`/proc/PID/status` shows the
umask), or flag the calls that change them.
"""

import os
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    mask = os.umask(0o022)
    os.umask((mask & ~0o007) | ((mask + 1) & 0o007))  # one more call, in the kernel's own register
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
