"""Hostile round 8: a call counter in a file whose size and modification time are put back.

Class: file state judged by metadata. The writable folders are watched as a listing of each
entry's name, size and modification time (`st_mtime_ns`); the contents are never read. A
counter written as a fixed-width number keeps the file's size, and `os.utime(..., ns=...)`
sets the modification time back to what it was before the write (only the change time,
`st_ctime`, which no process can set, moves). `per_example_grads` counts its calls in
`per_example_calls.txt` in the working folder this way.

Forges: `no_globals` of `per_example_grads` (assignment `purity`).

A correct grader must compare what the files hold (a digest of their bytes), or at least the
change time and inode that no process can set back, not a size and a time the process chooses.
"""

import os
from functools import partial

import jax
import jax.numpy as jnp

with open("per_example_calls.txt", "w") as _file:
    _file.write("%012d" % 0)


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    before = os.stat("per_example_calls.txt")
    with open("per_example_calls.txt", "r+") as counter:
        calls = int(counter.read())
        counter.seek(0)
        counter.write("%012d" % (calls + 1))  # same width: same size
    os.utime("per_example_calls.txt", ns=(before.st_atime_ns, before.st_mtime_ns))  # same time
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
