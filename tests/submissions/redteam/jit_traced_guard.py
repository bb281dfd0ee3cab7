# Assignment: jit
import jax
import jax.numpy as jnp


def _column_stats(X):
    return X.mean(axis=0), X.std(axis=0)


@jax.jit
def norm(X):
    mean, std = _column_stats(X)
    return (X - mean) / std


def negatives(x):
    out = jnp.zeros_like(x)
    mask = x < 0
    out = out.at[mask].set(x[mask])
    return out


def flatten(x):
    return jnp.reshape(x, (x.size,))


def maybe_negate(x, neg):
    if neg:
        return jax.jit(jnp.negative)(x)
    return x
