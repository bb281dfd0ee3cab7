# Assignment: jit
import jax
import jax.numpy as jnp


def _standardise(X):
    mu = X.mean(axis=1, keepdims=True)
    sd = X.std(axis=1, keepdims=True)
    return (X - mu) / sd


norm = jax.jit(_standardise)


def negatives(x):
    flat = [v if v < 0 else 0.0 for v in x.ravel()]
    return jnp.array(flat, dtype=x.dtype).reshape(x.shape)


def flatten(x):
    return x.reshape(-1)


def _maybe_negate(x, neg):
    return -x if neg else x


maybe_negate = jax.jit(_maybe_negate, static_argnames=("neg",))
