"""Red team round 11, file 02: a counter in the __dict__ of a library function kept as a class
attribute of the submission's own class (Ops.zeros = jnp.zeros_like). The class's data attributes
are places, but a function is no data; the class holds no method of the submission's, so it is no
resident either.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)

class Ops:
    zeros = jnp.zeros_like


def negatives(x):
    f = Ops.zeros
    f._n = getattr(f, "_n", 0) + 1
    return jnp.where(x < 0, x, f(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
