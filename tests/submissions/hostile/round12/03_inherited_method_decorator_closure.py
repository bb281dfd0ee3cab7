# Stateful: `negatives`. Counter is an int in the closure cell of the wrapper that the file's own
# decorator `_counted` puts on `Base.neg`; the graded function uses only `Child` (a subclass
# defined here), so the method is found through the MRO (Child -> Base), not in Child.__dict__,
# and the state is one level down: the wrapper's cell, rebound with `nonlocal`.
from functools import partial
import jax
import jax.numpy as jnp


def _counted(f):
    n = 0

    def wrapper(*args, **kwargs):
        nonlocal n
        n += 1
        return f(*args, **kwargs)

    return wrapper


class Base:
    @_counted
    def neg(self, x):
        return jnp.where(x < 0, x, 0)


class Child(Base):
    pass


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return Child().neg(x)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
