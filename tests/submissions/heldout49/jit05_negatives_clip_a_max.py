# Held-out wrong answer (assignment: jit), fault in negatives.
# Source: NumPy's np.clip(a, a_min, a_max) keywords, deprecated in jnp.clip in JAX 0.4.27 and since
# removed (jaxleyverse/jaxley#798 and PR #802 "replaces the deprecated jnp.clip(..., a_max=...)",
# ArgonneCPAC/diffmah#130, google/CommonLoopUtils#357).
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.clip(x, a_max=0.0)


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
