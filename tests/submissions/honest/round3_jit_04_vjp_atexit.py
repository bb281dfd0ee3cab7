"""Homework 2 (jit). Plain script version.

I wanted `negatives` to have a clean gradient (1 where x < 0, else 0, also at exactly 0),
so the core is a small custom_vjp function that the jitted `negatives` calls.
At exit the script prints a short summary of what it checked.
"""
import atexit
import logging
import math
import sys
import tempfile
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)
logging.basicConfig(level=logging.WARNING)

_scratch = tempfile.TemporaryDirectory(prefix="hw2_")


def _cleanup():
    print(f"[hw2] cleaning up {_scratch.name}")
    _scratch.cleanup()


atexit.register(_cleanup)


# ---------------------------------------------------------------- helpers
@jax.custom_vjp
def _neg_part(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def _neg_part_fwd(x):
    return _neg_part(x), x < 0


def _neg_part_bwd(mask, g):
    return (jnp.where(mask, g, jnp.zeros_like(g)),)


_neg_part.defvjp(_neg_part_fwd, _neg_part_bwd)


def _column_stats(X):
    """mean and population std of each column."""
    mean = jnp.mean(X, axis=0)
    var = jnp.mean(jnp.square(X - mean), axis=0)
    return mean, jnp.sqrt(var)


# ---------------------------------------------------------------- answers
def _norm(X):
    X = jnp.asarray(X)
    mean, std = _column_stats(X)
    return (X - mean) / std


norm = jax.jit(_norm)


@jax.jit
def negatives(x):
    return _neg_part(jnp.asarray(x))


def flatten(x):
    x = jnp.asarray(x)
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnums=(1,))
def maybe_negate(x, neg):
    x = jnp.asarray(x)
    if neg:  # neg is static, a plain Python bool here
        return -x
    return x


# ---------------------------------------------------------------- checks at load
rng = np.random.default_rng(42)
shapes = [(3, 2), (8, 4), (2, 5), (64, 16)]
shapes = sorted(shapes, key=lambda s: s[0] * s[1])  # smallest first
print("shapes:", shapes)

results = {}
for shape in shapes:
    X = rng.normal(size=shape).astype(np.float32) * 5 + 2
    Z = np.asarray(norm(X))
    ref = (X - X.mean(0)) / X.std(0)
    results[shape] = float(np.max(np.abs(Z - ref)))
    assert results[shape] < 1e-4, (shape, results[shape])
print("max abs error per shape:", results)
print("worst shape:", max(results, key=results.get))

x = jnp.array([[1.0, -2.0], [-0.5, 3.0], [0.0, -math.inf]])
print("negatives:", negatives(x))
g = jax.grad(lambda v: negatives(v).sum())(jnp.array([-1.0, 0.0, 2.0]))
print("grad of negatives:", g)
assert np.allclose(g, [1.0, 0.0, 0.0])

params = {"a": jnp.arange(6.0).reshape(2, 3), "b": jnp.ones((2, 2, 2))}
flat = jax.tree_util.tree_map(lambda leaf: jax.jit(flatten)(leaf).shape, params)
print("flattened shapes:", flat)
assert flat == {"a": (6,), "b": (8,)}

assert np.allclose(maybe_negate(jnp.array([1.0, -2.0]), True), [-1.0, 2.0])
assert np.allclose(maybe_negate(jnp.array([1.0, -2.0]), False), [1.0, -2.0])
assert hasattr(norm, "lower") and hasattr(maybe_negate, "lower")

np.save(f"{_scratch.name}/errors.npy", np.array(list(results.values())))
print("saved errors:", np.load(f"{_scratch.name}/errors.npy"))
print("python", sys.version.split()[0], "eps", sys.float_info.epsilon)
logger.warning("all load-time checks passed")
