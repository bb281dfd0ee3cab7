"""Red team round 11, file 06: a counter in the __dict__ of a library class's method function
(np.vectorize.__call__, a plain Python function of NumPy). The code names it through a library class
(module.Class.method), not as module.attr, so it is not taken as library data to watch.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    m = np.vectorize.__call__
    m._n = getattr(m, "_n", 0) + 1
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
