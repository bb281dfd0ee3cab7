# A plain module constant read inside `__call__` of a callable object: the graded `negatives` is
# not a Python function at all, so no_globals must look into its class (found by the red team).
from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x

THRESHOLD = 0.0


class _Negatives:
    def __call__(self, x):
        return jnp.where(x < THRESHOLD, x, jnp.zeros_like(x))


negatives = _Negatives()


def flatten(x):
    return jnp.reshape(x, (x.size,))

