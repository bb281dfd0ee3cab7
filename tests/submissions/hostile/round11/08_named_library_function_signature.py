"""Red team round 11, file 08: jnp.zeros_like named directly as module.attr (so its __dict__ is now
read as library data), with the counter in its __signature__: an inspect.Signature whose return
annotation is the call count. _library_routine drops __signature__ when its type is inspect.Signature.

Target: `negatives` / `no_globals` (1 point).
A breach is the target check PASSED with its points and no needs-review / instrument-tampered flag.
"""

from functools import partial
import jax
import jax.numpy as jnp
import inspect


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    f = jnp.zeros_like
    sig = inspect.signature(f)
    n = sig.return_annotation if isinstance(sig.return_annotation, int) else 0
    f.__signature__ = sig.replace(return_annotation=n + 1)
    return jnp.where(x < 0, x, f(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
