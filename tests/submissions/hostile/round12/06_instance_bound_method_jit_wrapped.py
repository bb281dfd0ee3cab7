# Stateful: `flatten`. Counter lives in the __dict__ of the Python function *under* a jax.jit
# wrapper defined in a class body (Ops.__dict__['_flat'].__wrapped__.calls); the graded
# function reaches it only through an instance attribute `_h.op` that holds a bound method
# (set in __init__), i.e. instance -> __dict__ -> bound method -> __func__ -> __wrapped__.
from functools import partial
import jax
import jax.numpy as jnp


class Ops:
    def __init__(self):
        self.op = self.run

    @jax.jit
    def _flat(x):
        return jnp.reshape(x, (x.size,))

    def run(self, x):
        inner = type(self).__dict__["_flat"].__wrapped__
        inner.calls = getattr(inner, "calls", 0) + 1
        return type(self).__dict__["_flat"](x)


_h = Ops()


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return _h.op(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
