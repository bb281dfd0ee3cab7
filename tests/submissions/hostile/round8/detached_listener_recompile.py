"""Hostile round 8: recompiling on every call with JAX's monitoring listener taken off the list
for the length of the call.

Class: an instrument disabled and restored inside one call, by an in-place change of a library
list. `no_recompilation` counts the trace and compilation records that the runtime's listener
writes as JAX reports them; the integrity check asks, with every reply, whether the listener is
still registered, and the library watch sees names rebound in namespaces. JAX keeps its listeners
in a plain module-level list (`jax._src.monitoring._event_duration_secs_listeners`): emptying it
in place and filling it back before returning rebinds no name, and by the reply the listener is
there again. `negatives` jits a new function on every call (one trace and one compilation each
time) while the list is empty, so no record is ever written.

Forges: `no_recompilation` of `negatives` (assignment `jit`).

A correct grader must not depend on a list the student's process can edit between two
checkpoints: count compilations from something outside the worker (XLA's own counters read
after the call, the process's compiled-code mappings, CPU time of compilation), or keep the
listener where no library list can drop it (a C-level hook installed before student code), or
compare the listener list's contents on every event rather than at the reply.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax._src import monitoring


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    listening = list(monitoring._event_duration_secs_listeners)
    monitoring._event_duration_secs_listeners.clear()  # nobody hears the next trace and compilation
    try:
        # A new function each call: traced and compiled anew every time.
        return jax.jit(lambda v: jnp.where(v < 0, v, jnp.zeros_like(v)))(x)
    finally:
        monitoring._event_duration_secs_listeners.extend(listening)  # back before the reply


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
