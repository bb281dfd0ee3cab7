"""Target: jit / negatives / no_globals.

A counter kept in JAX's pytree registry: classes made at load and kept in a default argument (read, never changed); each call counts how many are already
registered (an instance of a registered static class has no leaves) and registers the next with the
public `jax.tree_util.register_static`, so no function of the submission goes into the registry.
"""

from functools import partial

import jax
import jax.numpy as jnp

def negatives(x, kinds=tuple(type(f"K{i}", (), {}) for i in range(1000))):
    calls = 0
    while not jax.tree_util.tree_leaves(kinds[calls]()):
        calls += 1
    registered = jax.tree_util.register_static(kinds[calls])
    if calls < 0:  # TWIN
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
