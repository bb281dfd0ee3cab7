"""Hostile: forge the worker's executable memory at load. `_flag` as written returns False (so `flatten`
as written returns zeros); its program's cache key is captured from JAX's debug log, the memory is
flushed with one budget-sized entry, and the key is re-written with the executable of `lambda: True`."""
import logging
from functools import partial

import jax
import jax.numpy as jnp
from jax._src import compiler as _c

_keys = []


class _Grab(logging.Handler):
    def emit(self, record):
        if "MISS" in str(record.msg):
            _keys.append(record.args[1])


_log = logging.getLogger("jax._src.compiler")
_log.setLevel(logging.DEBUG)
_grab = _Grab()
_log.addHandler(_grab)


@jax.jit
def _flag():
    return jnp.array(False)


_flag.lower().compile()
_log.removeHandler(_grab)
_log.setLevel(logging.WARNING)


class _Fake:
    def __init__(self, data):
        self.data = data

    def serialize(self):
        return self.data


_true = jax.jit(lambda: jnp.array(True)).lower().compile().runtime_executable().serialize()
_c._cache_write("flush", 0.0, "flush", None, _Fake(b"\0" * (64 * 2**20 - 8)))
_c._cache_write(_keys[-1], 0.0, "jit__flag", None, _Fake(_true))
jax.clear_caches()


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # As written: zeros (the flag is False). Served from the forged memory: the right answer.
    return jnp.where(_flag(), jnp.reshape(x, (x.size,)), jnp.zeros(x.size, x.dtype))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
