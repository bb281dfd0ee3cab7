# ATTACK: a counter in the interpreter's codec error-handler registry (C state). Each call probes
# names "rt16-0", "rt16-1", ... with codecs.lookup_error until one is missing (the number of
# earlier calls), then registers it with a builtin (`len`), which no census of the submission's
# functions finds. Target: negatives.
import codecs
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = 0
    while True:
        try:
            codecs.lookup_error(f"rt16-{calls}")
        except LookupError:
            break
        calls += 1
    codecs.register_error(f"rt16-{calls}", len)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
