# Stateful: `negatives`. Counter lives in the __annotations__ dict of a *property's* getter
# (type(_cfg).__dict__['zero'].fget.__annotations__['calls']); the graded function reads only the
# attribute `_cfg.zero` of a module-level instance, so the method is a property's fget, not a
# plain function in the class dict, and the state is in annotations, not __dict__.
from functools import partial
import jax
import jax.numpy as jnp


class _Cfg:
    @property
    def zero(self) -> int:
        ann = type(self).__dict__["zero"].fget.__annotations__
        ann["calls"] = ann.get("calls", 0) + 1
        return 0


_cfg = _Cfg()


@jax.jit
def norm(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def negatives(x):
    return jnp.where(x < 0, x, _cfg.zero)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
