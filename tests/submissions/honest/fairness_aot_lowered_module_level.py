"""An honest `jit` answer that keeps JAX's ahead-of-time objects at module level, as JAX's own docs show.

`lowered = norm.lower(x)` and `compiled = lowered.compile()` at module level, to print the lowered program's
text and its cost analysis, are how the ahead-of-time API is taught. A `Lowered` holds an array of object
references, which the worker's state reading tried to read as bytes: every function "raised TypeError",
0/30 with no flag, for the grader's own failure (first-contact round of session 27's issue).
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    return (X - mu) / X.std(axis=0)


example = jnp.arange(12.0).reshape(4, 3)
lowered = norm.lower(example)
compiled = lowered.compile()
program_text = lowered.as_text()
print(program_text[:200])
print(compiled.cost_analysis())


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return x.reshape(-1)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
