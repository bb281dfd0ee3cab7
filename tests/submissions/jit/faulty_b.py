import jax
import jax.numpy as jnp
import numpy as np

AXIS = 0


@jax.jit
def norm(X):
    return (X - X.mean(AXIS)) / X.std(AXIS)


def negatives(x):
    return np.where(x < 0, x, 0)


def flatten(x):
    return x.reshape(-1)


def maybe_negate(x, neg):
    return jax.jit(lambda v: -v if neg else v)(x)
