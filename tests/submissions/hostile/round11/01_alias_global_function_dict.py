"""Red team round 11, file 01: a counter in the __dict__ of a library function reached through a
module-level alias (zl = jnp.zeros_like), never named as module.attr in the body. The write goes
through a local name (f = zl; f._n = ...), which the source tripwires take for the student's own object.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)

zl = jnp.zeros_like


def negatives(x):
    f = zl
    f._n = getattr(f, "_n", 0) + 1
    return jnp.where(x < 0, x, f(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
