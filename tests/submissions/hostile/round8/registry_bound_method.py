"""Hostile round 8: a log kept by a library method registered in an interpreter registry.

Class: state changed by library code on the submission's behalf, with none of the submission's
code running. The census of what the submission keeps alive finds functions whose code is the
submission's and objects of its classes. A plain list's bound `append` is neither: it is the
list type's own C method. Registered as a codec search function at load, it is called with
the codec name on every failed lookup, so `loss_and_grad`, which only asks `codecs.lookup` for
a codec that does not exist, appends one entry per call to a list that no name of its code
leads to (the module keeps it as `_LOOKUPS`, a global the function never names and which is
only compared by identity).

Forges: `no_globals` of `loss_and_grad` (assignment `jax-numpy`).

A correct grader must watch the data the submission made at load wherever it is kept (every
container its cells created, not only its functions and instances), or the registries
themselves, or the module's own globals by contents.
"""

import codecs

import jax
import jax.numpy as jnp

_LOOKUPS = []
codecs.register(_LOOKUPS.append)  # returns None: "no such codec", so every lookup misses and is logged


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    try:
        codecs.lookup("loss-and-grad-call")  # a miss is never cached: the registry's append runs every call
    except LookupError:
        pass
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
