"""Hostile round 8: a call counter in a file inside a folder the grader cannot list.

Class: files the watch of the writable folders cannot see. The working folder and `/dev/shm`
are state, read as a listing of every entry (name, size, modification time), folders walked
with `os.scandir`. A folder whose mode is write and search but not read (0o300) cannot be
listed by a process without capabilities (the sandbox drops them all), yet a path inside it
can be opened by name. The scan's `OSError` is skipped, and the folder's own entry (size, time)
does not change when a file inside it is rewritten. At load the submission makes
`.update_state/calls` and takes the read bit off the folder; `update` rewrites the counter in
place on every call.

Forges: `no_globals` of `update` (assignment `jax-numpy`).

A correct grader must treat a folder it cannot list as unreadable (a failure, never "unchanged"),
or read the writable folders from outside the worker (the judge can list them with its own
rights), or refuse permission changes that hide entries.
"""

import os

import jax
import jax.numpy as jnp

os.makedirs(".update_state", exist_ok=True)
with open(".update_state/calls", "w") as _file:
    _file.write("0")
os.chmod(".update_state", 0o300)  # write and search only: the folder cannot be listed


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
    with open(".update_state/calls", "r+") as counter:
        calls = int(counter.read() or "0")
        counter.seek(0)
        counter.write(str(calls + 1))  # one more call, kept where no listing reaches
        counter.truncate()
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
