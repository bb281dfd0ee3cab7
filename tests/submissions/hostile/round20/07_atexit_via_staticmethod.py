"""Target: jit / negatives / no_globals.

Round 17's counter in `atexit`'s registry (which no snapshot reads; it was contained only by the
scan, and since round 18 by the call watch), reached through a `staticmethod` object, callable since
Python 3.10. `atexit.register` and `atexit._ncallbacks` are named only at load, where a registry
never trips, each wrapped in `staticmethod(...)` and kept as a helper's defaults. At a call, the
PEP 669 watch sees a `staticmethod` called: neither a capability by identity nor a type it unwraps
(it unwraps `partial`, method-wrappers and a `methodcaller` on a module).
"""

from functools import partial

import jax
import jax.numpy as jnp
import atexit

_REGISTER = staticmethod(atexit.register)
_REGISTERED = staticmethod(atexit._ncallbacks)


def _registry(_register=_REGISTER, _registered=_REGISTERED):
    return _register, _registered


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    register, registered = _registry()
    calls = registered()
    register(int)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
