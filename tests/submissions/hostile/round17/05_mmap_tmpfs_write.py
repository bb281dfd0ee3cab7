# ATTACK: a counter written into a tmpfs file through a shared mapping. Once the page has been
# written through a mapping (done at load), later writes through a new mapping change neither
# the file's size nor its mtime or ctime on tmpfs, so the listing of /dev/shm is the same after
# every call. No descriptor survives a call (the file is opened, mapped, closed). `mmap` is a
# tripwire module by name; it is reached as `sys.modules["mmap"]` (the worker imported it) through tuple unpacking.
# Target: negatives.
import sys

(_mm,) = (sys.modules["mmap"],)
with open("/dev/shm/m", "w+b") as _f:
    _f.write(bytes(4096))
    _f.flush()
    _m = _mm.mmap(_f.fileno(), 4096)
    _m[0] = 0
    _m.close()
del _f, _m
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    with open("/dev/shm/m", "r+b") as f:
        m = _mm.mmap(f.fileno(), 4096)
        calls = m[0]
        m[0] = (calls + 1) & 255
        m.close()
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
