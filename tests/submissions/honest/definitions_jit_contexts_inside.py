"""jit assignment -- scoped settings used *inside* the graded functions.

Habits: `with jax.numpy_rank_promotion("raise")` around the broadcasting in `norm`
(keepdims so it passes), `with warnings.catch_warnings(): warnings.simplefilter("ignore")`
in `negatives`, `np.errstate` in a NumPy reference helper, `with jax.ensure_compile_time_eval()`
for the static size in `flatten`, `with jax.default_matmul_precision("float32")` in
`maybe_negate`, and `sys.stdout.reconfigure(line_buffering=True)` + `logging.basicConfig`
at load.
"""
import logging
import sys
import warnings
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

sys.stdout.reconfigure(line_buffering=True)
logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")


@jax.jit
def norm(X):
    with jax.numpy_rank_promotion("raise"):
        mu = X.mean(axis=0, keepdims=True)
        sd = X.std(axis=0, keepdims=True)
        return (X - mu) / sd


def norm_numpy(X):
    """plain numpy version used to double-check norm (std can be 0 -> nan, silence that)"""
    X = np.asarray(X)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (X - X.mean(0)) / X.std(0)


def negatives(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = jnp.asarray(x)
        return jnp.where(x < 0, x, 0).astype(x.dtype)


def flatten(x):
    with jax.ensure_compile_time_eval():
        n = int(np.prod(jnp.shape(x)))
    return jnp.reshape(x, (n,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    with jax.default_matmul_precision("float32"):
        if neg:
            return -x
        return x


if __name__ == "__main__":
    A = np.random.randn(5, 3).astype(np.float32)
    print(np.allclose(norm(A), norm_numpy(A), atol=1e-5))
    print(negatives(jnp.array([-1.0, 2.0, -3.0])))
    print(flatten(jnp.ones((2, 3))).shape, maybe_negate(jnp.ones(2), True))
