"""Hostile round 8: state the fingerprint cannot read, kept by a function only the census finds.

Class: the "unreadable fails" rule does not reach the census. A value the fingerprint cannot
look into (a C queue) fails `no_globals` when it is reached from the function's names. The
submission's functions found by the garbage collector are watched too, but only for *changes*:
an unreadable part reads as `unreadable:<id>`, the same text before and after every call, so
whatever the queue holds, nothing changed. The search function registered with `codecs` at load
holds a `queue.SimpleQueue` in its closure and puts one item in it per lookup; `update` looks up
a codec that does not exist on every call.

Forges: `no_globals` of `update` (assignment `jax-numpy`).

A correct grader must apply the same rule to every place it watches: an unreadable part of a
resident (or of library data, or of files) is no evidence that nothing changed, so it fails.
"""

import codecs
from queue import SimpleQueue

import jax
import jax.numpy as jnp


def _registered():
    pending = SimpleQueue()  # C state: unreadable, and a resident's unreadable part never "changes"

    def search(name):
        if name == "update_call":
            pending.put(name)
        return None

    codecs.register(search)


_registered()


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
    try:
        codecs.lookup("update-call")  # never found, never cached: the search puts one more item
    except LookupError:
        pass
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
