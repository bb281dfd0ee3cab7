"""Target: jit / negatives / no_globals.

A counter kept in a C library global, glibc's syslog priority mask (`LogMask`), through the
standard `syslog` module: `syslog.setlogmask(0)` reads the mask without changing it and
`setlogmask(m)` sets it. No socket is opened (`openlog`/`syslog` are never called). `syslog` is no
capability module, its audit events are of no kind the hook records, and no snapshot reads the mask.
"""

from functools import partial

import jax
import jax.numpy as jnp
import syslog



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    mask = syslog.setlogmask(0)
    calls = mask - 1000 if mask >= 1000 else 0
    syslog.setlogmask(1000 + calls + 1)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
