# A threshold kept at module level, and a norm that writes its result into the
# caller's NumPy array "to save memory".
import jax
import jax.numpy as jnp
import numpy as np

THRESHOLD = 0.0


@jax.jit
def _standardise(X):
    return (X - X.mean(0)) / X.std(0)


def norm(X):
    out = _standardise(X)
    if isinstance(X, np.ndarray):
        X[...] = out
        return X
    return out


def negatives(x):
    return jnp.where(x < THRESHOLD, x, 0.0)


def flatten(x):
    return jnp.reshape(x, (-1,))


@jax.jit
def maybe_negate(x, neg):
    return jnp.where(neg, -x, x)
