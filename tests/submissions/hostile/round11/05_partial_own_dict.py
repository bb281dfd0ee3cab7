"""Red team round 11, file 05: a functools.partial of a library function kept at module level
(zp = partial(jnp.zeros_like)), the counter in the partial object's own __dict__ (zp._n).
A partial is read as its arguments, keywords and function; its own __dict__ is read only when
the partial is itself a place's value, and a global partial is not data.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)

zp = partial(jnp.zeros_like)


def negatives(x):
    f = zp
    f._n = getattr(f, "_n", 0) + 1
    return jnp.where(x < 0, x, f(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
