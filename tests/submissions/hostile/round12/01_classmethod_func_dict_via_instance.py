# Stateful: `negatives`. Counter lives in the __dict__ of the function under the classmethod
# `Ops.where` (Ops.__dict__['where'].__func__.calls); the graded function names only a module-level
# *instance* `_ops`, so the class (and its classmethod) is reached only as type(_ops).
from functools import partial
import jax
import jax.numpy as jnp


class Ops:
    @classmethod
    def where(cls, x):
        fn = cls.where.__func__
        fn.calls = getattr(fn, "calls", 0) + 1
        return jnp.where(x < 0, x, 0)


_ops = Ops()


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return _ops.where(x)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
