"""Constants and state kept on the graded objects themselves, where a walk through modules and classes
never looks: a threshold set as an attribute of `negatives`, and a list set as an attribute of the jit
wrapper `maybe_negate` (not of the function it wraps), appended to while it is traced."""
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < negatives.threshold, x, jnp.zeros_like(x))


negatives.threshold = 0.0


def flatten(x):
    return jnp.reshape(x, (x.size,))


def _maybe_negate(x, neg):
    maybe_negate.seen.append(neg)
    return -x if neg else x


maybe_negate = jax.jit(_maybe_negate, static_argnames="neg")
maybe_negate.seen = []
