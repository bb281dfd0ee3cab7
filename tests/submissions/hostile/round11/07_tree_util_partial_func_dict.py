"""Red team round 11, file 07: jax.tree_util.Partial(jnp.zeros_like) kept at module level; the counter
lives in the __dict__ of the function it calls (zp.func._n). reachable_parts goes into a partial's
function only for what the submission's own functions hold; a library function yields no place.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)

zp = jax.tree_util.Partial(jnp.zeros_like)


def negatives(x):
    g = zp.func
    g._n = getattr(g, "_n", 0) + 1
    return jnp.where(x < 0, x, zp(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
