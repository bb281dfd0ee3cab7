"""Puts markup in everything a report quotes: an exception message, its output, a flag-worthy failure."""
import jax
import jax.numpy as jnp

PAYLOAD = "<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))"

print(PAYLOAD)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    raise ValueError(PAYLOAD)


def flatten(x):
    return jnp.ravel(x)


def maybe_negate(x, neg):
    return -x if neg else x
