"""Red team round 11, file 04: a jax.jit wrapper of a library function (jz = jax.jit(jnp.zeros_like))
kept at module level, with the counter under a dunder name in its own __dict__ (jz.__calls__).
reachable_parts yields a library callable's attributes but skips dunder names, and the wrapper
itself is no place; written and read through a local name.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)

jz = jax.jit(jnp.zeros_like)


def negatives(x):
    f = jz
    f.__calls__ = getattr(f, "__calls__", 0) + 1
    return jnp.where(x < 0, x, f(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
