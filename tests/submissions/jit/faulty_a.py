import jax
import jax.numpy as jnp


def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return x[x < 0]


def flatten(x):
    return jnp.reshape(x, jnp.array(x.shape).prod())


@jax.jit
def maybe_negate(x, neg):
    if neg:
        return -x
    return x
