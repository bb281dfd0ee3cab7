"""Hostile round 8: library data changed in place, named by an import statement in the function.

Class: library data the code reaches without an attribute chain. Data the graded code names
through a module (`np.typecodes`) is now watched for changes in place; the code reading finds it
by following `LOAD_GLOBAL np` / `LOAD_ATTR typecodes`. An import inside the function binds the
same dict to a local name (`IMPORT_NAME` / `IMPORT_FROM` / `STORE_FAST`), which that reading
does not follow, and the library watch compares a module's names by identity only. `negatives`
does `from numpy import typecodes` and appends to a list it keeps in that dict on every call.

Forges: `no_globals` of `negatives` (assignment `jit`).

A correct grader must resolve every way code reaches a library's data (imports in the body,
`from ... import` at module level, `importlib`), or watch the libraries' mutable data in place
whatever names it, rather than the one spelling `module.attribute`.
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    from numpy import typecodes  # the very dict `np.typecodes`, by another route

    typecodes.setdefault("Negatives", []).append(len(x.shape))  # one entry more per call
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
