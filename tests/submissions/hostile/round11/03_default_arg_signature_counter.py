"""Red team round 11, file 03: a library function kept as a default argument; the counter lives in
its __signature__, an inspect.Signature whose return annotation is the call count. The fingerprint
of a library routine reads every key of its __dict__ except __signature__ when it holds an
inspect.Signature (the one entry left unread).

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


def negatives(x, _zeros=jnp.zeros_like):
    sig = inspect.signature(_zeros)
    n = sig.return_annotation if isinstance(sig.return_annotation, int) else 0
    _zeros.__signature__ = sig.replace(return_annotation=n + 1)
    return jnp.where(x < 0, x, _zeros(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
