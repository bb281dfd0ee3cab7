# Stateful: `flatten`. Counter lives in the __dict__ of a method defined on a student *metaclass*
# (_Meta.__dict__['flat'].n); the class using the metaclass is never named in the graded function:
# it is fetched from a module-level dict `REG`, and the write goes through type(cls).__dict__.
from functools import partial
import jax
import jax.numpy as jnp


class _Meta(type):
    def flat(cls, x):
        f = type(cls).__dict__["flat"]
        f.n = getattr(f, "n", 0) + 1
        return jnp.reshape(x, (x.size,))


class _Shaper(metaclass=_Meta):
    pass


REG = {"shaper": _Shaper}


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return REG["shaper"].flat(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
