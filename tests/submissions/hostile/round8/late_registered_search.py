"""Hostile round 8: state in a function the submission makes during its first call, kept in an
interpreter registry.

Class: the submission's objects born after the census. Every function whose code is the
submission's, and every object of its classes, is found by the garbage collector and watched
around every call, however it is kept (`codecs.register` and the like). The census is taken
once, right after the cells ran. `pure_update` makes its codec search function on its first
call and registers it then: the first call changes nothing the watch reads (the search function
did not exist before it, and the registry is C state), and every later call appends to the
function's closure, a function the census never listed.

Forges: `no_globals` of `pure_update` (assignment `jax-numpy`).

A correct grader must look for the submission's objects again after every call (or around each
request), or watch the registries themselves, not only what existed when loading ended.
"""

import codecs

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    try:
        codecs.lookup("pure-update-registered")  # found (and cached) once the search function exists
    except LookupError:
        calls = []

        def search(name):
            if name == "pure_update_registered":
                return codecs.lookup("utf-8")
            if name == "pure_update_call":
                calls.append(name)  # one more call, in a closure made after the census
            return None

        codecs.register(search)
    try:
        codecs.lookup("pure-update-call")  # never found, so never cached: the search runs every call
    except LookupError:
        pass
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
