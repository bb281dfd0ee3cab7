# Stateful: `flatten`. Counter lives in a mutable default list of a staticmethod of a *nested*
# class (Shapes.Inner.__dict__['flat'].__func__.__defaults__[0][0]); the graded function reaches
# it only as Shapes.Inner.flat, so the class holding the method is a class attribute of a class.
from functools import partial
import jax
import jax.numpy as jnp


class Shapes:
    class Inner:
        @staticmethod
        def flat(x, _seen=[0]):
            _seen[0] += 1
            return jnp.reshape(x, (x.size,))


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return Shapes.Inner.flat(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
