"""Purity assignment - plain script.

per_example_grads uses a squared error with a hand-written VJP (custom_vjp) that I checked
against autodiff; a Polynomial pytree class wraps coefficients for the demo; every check
result goes to a small CSV log in a temp folder, and a summary is printed at exit.
"""
import atexit
import csv
import math
import os
import tempfile
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

LOG_DIR = tempfile.mkdtemp(prefix="purity_log_")
LOG_FILE = os.path.join(LOG_DIR, "checks.csv")
_rows = []


def _summary():
    passed = sum(1 for _, ok in _rows if ok)
    print(f"[summary] {passed}/{len(_rows)} checks passed, log in {LOG_FILE}")


atexit.register(_summary)


def record(name, ok):
    _rows.append((name, bool(ok)))
    with open(LOG_FILE, "a", newline="") as fh:
        csv.writer(fh).writerow([name, int(bool(ok))])
    assert ok, name


# ------------------------------------------------------------------ problem 1
def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: jnp.asarray(p) - lr * jnp.asarray(g), params, grads)


# ------------------------------------------------------------------ problem 2
@jax.jit
def horner(coeffs, x):
    coeffs = jnp.asarray(coeffs)
    x = jnp.asarray(x)
    return lax.fori_loop(0, coeffs.shape[0], lambda i, acc: acc * x + coeffs[i], jnp.zeros_like(x))


# ------------------------------------------------------------------ problem 3
@jax.custom_vjp
def _sq_err(theta, xi, yi):
    r = theta[0] * xi + theta[1] - yi
    return r * r


def _sq_err_fwd(theta, xi, yi):
    r = theta[0] * xi + theta[1] - yi
    return r * r, (theta, xi, r)


def _sq_err_bwd(res, g):
    theta, xi, r = res
    dr = 2.0 * r * g
    return dr * jnp.stack([xi, jnp.ones_like(xi)]), dr * theta[0], -dr


_sq_err.defvjp(_sq_err_fwd, _sq_err_bwd)


def per_example_grads(theta, x, y):
    theta = jnp.asarray(theta)
    return jax.vmap(jax.grad(_sq_err), in_axes=(None, 0, 0))(theta, jnp.asarray(x), jnp.asarray(y))


# ------------------------------------------------------------------ problem 4
def moving_average(x, window):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating) or jnp.finfo(x.dtype).bits < 32:
        x = x.astype(jnp.float32)
    if not 1 <= window <= x.shape[0]:
        raise ValueError(f"window must be in [1, {x.shape[0]}], got {window}")
    sums = lax.reduce_window(x, jnp.array(0, x.dtype), lax.add, (window,), (1,), "VALID")
    return sums / window


# ------------------------------------------------------------------ demo pytree
@jax.tree_util.register_pytree_node_class
class Polynomial:
    def __init__(self, coeffs):
        self.coeffs = coeffs

    def __call__(self, x):
        return horner(self.coeffs, x)

    def tree_flatten(self):
        return (self.coeffs,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


# ------------------------------------------------------------------ checks at load
params = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.zeros(1, dtype=np.float32)}}
grads = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.ones(1, dtype=np.float32)}}
new = sgd_step(params, grads, 0.5)
record("sgd_step values", np.allclose(new["w"], 0.5) and np.allclose(new["inner"]["b"], -0.5))
record("sgd_step leaves input", np.array_equal(params["w"], np.ones(2)))

p = Polynomial(jnp.array([2.0, 0.0, -1.0]))
record("horner", np.allclose(p(jnp.array([0.0, 1.0, 2.0])), [-1.0, 1.0, 7.0]))
half = jax.tree_util.tree_map(lambda c: c / 2, p)
record("pytree polynomial", np.allclose(half(jnp.array([2.0])), 3.5))
xs = jnp.linspace(-jnp.pi, jnp.pi, 7)
taylor_sin = Polynomial(jnp.array([1 / 120, 0.0, -1 / 6, 0.0, 1.0, 0.0]))
record("taylor sin", float(jnp.max(jnp.abs(taylor_sin(xs) - jnp.sin(xs)))) < 0.6)

theta, x, y = jnp.array([1.5, -0.5]), jnp.arange(5.0), jnp.linspace(0.0, 1.0, 5)
auto = jax.vmap(jax.grad(lambda t, a, b: (t[0] * a + t[1] - b) ** 2), in_axes=(None, 0, 0))(theta, x, y)
record("custom vjp matches autodiff", np.allclose(per_example_grads(theta, x, y), auto))
full = jax.grad(_sq_err, argnums=(0, 1, 2))(theta, 2.0, 0.25)
full_auto = jax.grad(lambda t, a, b: (t[0] * a + t[1] - b) ** 2, argnums=(0, 1, 2))(theta, 2.0, 0.25)
record("custom vjp, all arguments", all(np.allclose(u, v) for u, v in zip(full, full_auto)))
record("per_example_grads", np.allclose(per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.zeros(2)), [[2.0, 2.0], [8.0, 4.0]]))

record("moving_average", np.allclose(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2), [1.5, 2.5, 3.5]))
ma = jax.jit(moving_average, static_argnames="window")
record("moving_average jit", np.allclose(ma(jnp.array([1.0, 2.0, 3.0]), 3), [2.0]))
record("no inf", math.isfinite(float(ma(jnp.arange(10.0), 4).max())) and float(ma(jnp.arange(10.0), 4).max()) < math.inf)

with open(LOG_FILE, newline="") as fh:
    print("log rows:", list(csv.reader(fh)))
