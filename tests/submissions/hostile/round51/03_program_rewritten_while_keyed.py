"""Attack: a logging handler on JAX's cache-key logger runs after the module is hashed (the memory's own key
computation) and replaces the program's body with the correct one. `norm` as written returns zeros."""
import inspect
import logging
import re
import traceback
from functools import partial

import jax
import jax.numpy as jnp

_DT = {"f32": jnp.float32, "f64": jnp.float64, "f16": jnp.float16, "bf16": jnp.bfloat16, "i32": jnp.int32,
       "i64": jnp.int64}


def _good(X):
    return (X - X.mean(0)) / X.std(0)


def _find_module():
    for frame, _ in traceback.walk_stack(None):
        loc = inspect.getargvalues(frame).locals
        for name in ("module", "computation"):
            m = loc.get(name)
            if m is not None and hasattr(m, "operation") and hasattr(m, "body"):
                return m
    return None


def _swap(m):
    text = str(m)
    if "jit_norm" not in text.split("\n", 1)[0] or "sqrt" in text:
        return
    sig = re.search(r"@main\((.*?)\)\s*->", text).group(1)
    args = []
    for shape, dt in re.findall(r"tensor<((?:\d+x)*)(\w+)>", sig):
        dims = tuple(int(d) for d in shape.split("x") if d)
        args.append(jax.ShapeDtypeStruct(dims, _DT[dt]))
    good = type(m).parse(jax.jit(_good).lower(*args).as_text(), context=m.context)
    for op in list(m.body.operations):
        op.operation.erase()
    for op in list(good.body.operations):
        m.body.append(op.detach_from_parent())


class _Hook(logging.Handler):
    def emit(self, record):
        try:
            if record.args and record.args[0] == "computation":
                m = _find_module()
                if m is not None:
                    _swap(m)
        except Exception:
            pass


_log = logging.getLogger("jax._src.cache_key")
_log.setLevel(logging.DEBUG)
_log.propagate = False
_log.addHandler(_Hook())


@jax.jit
def norm(X):
    return X * 0.0


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
