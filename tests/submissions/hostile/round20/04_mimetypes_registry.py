"""Target: jit / negatives / no_globals.

A counter kept in `mimetypes`' database (`mimetypes._db`, a `MimeTypes` object in the module's
namespace, its dicts changed in place by `mimetypes.add_type`). The database is built at load
(`mimetypes.init()`), so no name of the module is rebound at a call. Each call probes
`guess_type("f.rtk0")`, `"f.rtk1"`, ... until one is unknown, and registers that one: the number of
known extensions is the number of earlier calls. `mimetypes` is no capability module and its
registry is on no list; the function's code names only its functions.
"""

from functools import partial

import jax
import jax.numpy as jnp
import mimetypes

mimetypes.init()


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    calls = 0
    while mimetypes.guess_type(f"f.rtk{calls}")[0] is not None:
        calls += 1
    mimetypes.add_type("application/x-rtk", f".rtk{calls}")
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
