# Assignment: jit
# Right, and jitted, but it prints from inside the compiled program on every call: each call waits
# for the host. jit_speedup must fail it and say so at the print's line. (It prints no values: the
# timed calls' inputs are drawn anew at each grading, and the golden report keeps what it prints.)
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(0)
    jax.debug.print("norm: one more call")
    return (X - mu) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return x.reshape(-1)


def maybe_negate(x, neg):
    return -x if neg else x
