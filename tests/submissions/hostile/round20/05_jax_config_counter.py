"""Target: jit / negatives / no_globals.

A counter (mod 5) kept in JAX's own configuration: each call reads `jax.config.jax_traceback_filtering`
and sets the next of its five values with `jax.config.update` (documented as never a tripwire). The
value lives in JAX's config holder (a C++ state object), which the fingerprint cannot read, so the
place `jax.config` is compared for changes only, by identity; the integrity check watches only
`jax_disable_jit` and `jax_explain_cache_misses`. The flag is not part of any cache key, so nothing
recompiles.
"""

from functools import partial

import jax
import jax.numpy as jnp



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    modes = ("off", "tracebackhide", "remove_frames", "quiet_remove_frames", "auto")
    calls = modes.index(jax.config.jax_traceback_filtering)
    jax.config.update("jax_traceback_filtering", modes[(calls + 1) % len(modes)])
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
