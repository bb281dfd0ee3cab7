# ATTACK: resolver/alias bypass. `os` reached as `logging.os` and bound to a LOCAL name (the scan
# drops names a function binds itself), and at module level through tuple unpacking (Aliases only
# learns plain `name = value`). A pipe (not a socket, so not in the kernel-state socket list) is made
# at import, moved to fixed descriptors 700/701 with dup2; each call reads the counter out of the pipe
# and writes it back incremented. os.pipe/dup2/read/write raise no audit event. Target: negatives.
import logging

(_o,) = (logging.os,)
_r, _w = _o.pipe()
_o.dup2(_r, 700)
_o.dup2(_w, 701)
_o.close(_r)
_o.close(_w)
_o.write(701, b"0\n")
del _o, _r, _w
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    o = logging.os
    calls = int(o.read(700, 64)) + 1
    o.write(701, b"%d\n" % calls)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
