# %% [markdown]
# # Purity homework (cells for VS Code)
# I build `sgd_step` with a small factory (so I can flip to gradient *ascent* for a demo),
# cache the test polynomials with `lru_cache`, and save a plot to a temp folder.

# %%
import functools
import logging
import math
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

logging.basicConfig(level=logging.INFO)
logger = logging.getLogger(__name__)
OUT_DIR = tempfile.mkdtemp(prefix="purity_")
logger.info("writing scratch files to %s", OUT_DIR)


# %% [markdown]
# ## 1. sgd_step from a factory

# %%
def make_step(sign=-1.0):
    """Return a pure step function p + sign * lr * g over a whole pytree."""

    def step(params, grads, lr):
        return jax.tree_util.tree_map(
            lambda p, g: jnp.asarray(p) + sign * (lr * jnp.asarray(g)), params, grads
        )

    return step


sgd_step = make_step(-1.0)
ascent_step = make_step(+1.0)  # only for the demo below


# %% [markdown]
# ## 2. Horner with fori_loop, starting from the leading coefficient

# %%
def _horner(coeffs, x):
    coeffs = jnp.asarray(coeffs)
    x = jnp.asarray(x)

    def body(i, acc):
        return acc * x + coeffs[i]

    acc0 = jnp.full(x.shape, coeffs[0], dtype=jnp.result_type(coeffs, x))
    return lax.fori_loop(1, coeffs.shape[0], body, acc0)


horner = jax.jit(_horner)


# %% [markdown]
# ## 3. per-example gradients with vmap

# %%
def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    grad_one = jax.grad(_example_loss)
    return jax.vmap(grad_one, in_axes=(None, 0, 0))(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


# %% [markdown]
# ## 4. moving average with an index matrix
# `window` may come from a config file as `3.0`, so I accept integral floats.

# %%
def _as_window(window):
    tol = sys.float_info.epsilon
    if isinstance(window, float):
        if abs(window - round(window)) > tol:
            raise ValueError(f"window must be a whole number, got {window}")
        window = round(window)
    return int(window)


def moving_average(x, window):
    window = _as_window(window)
    x = jnp.asarray(x)
    starts = jnp.arange(x.shape[0] - window + 1)
    idx = starts[:, None] + jnp.arange(window)[None, :]
    return x[idx].mean(axis=1)


# %% [markdown]
# ## Checks

# %%
@functools.lru_cache(maxsize=None)
def binomial_coeffs(k):
    """coefficients of (x + 1)**k, highest power first."""
    return tuple(float(math.comb(k, j)) for j in range(k + 1))


params = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.zeros(1, dtype=np.float32)}}
grads = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.ones(1, dtype=np.float32)}}
new = sgd_step(params, grads, 0.5)
print("sgd_step:", new)
print("ascent:", ascent_step(params, grads, 0.5))
assert np.allclose(new["w"], 0.5) and np.allclose(new["inner"]["b"], -0.5)
assert np.array_equal(params["w"], np.ones(2)) and np.array_equal(params["inner"]["b"], np.zeros(1))
assert np.allclose(jax.jit(sgd_step)(params, grads, 0.5)["w"], 0.5)

xs = jnp.linspace(-2.0, 2.0, 9)
for k in (1, 3, 6):
    got = horner(jnp.array(binomial_coeffs(k)), xs)
    assert np.allclose(got, (xs + 1) ** k, rtol=1e-4, atol=1e-4), k
assert np.allclose(horner(jnp.array([2.0, 0.0, -1.0]), jnp.array([0.0, 1.0, 2.0])), [-1.0, 1.0, 7.0])
assert np.allclose(horner(jnp.array([4.0]), jnp.arange(3.0)), 4.0)
short = str(jax.make_jaxpr(horner)(jnp.ones(2), jnp.ones(3))).count("\n")
long = str(jax.make_jaxpr(horner)(jnp.ones(20), jnp.ones(3))).count("\n")
print("jaxpr lines:", short, long)
assert short == long
print(binomial_coeffs.cache_info())

g = per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0]))
print("per-example grads:\n", g)
assert np.allclose(g, [[2.0, 2.0], [8.0, 4.0]])

print(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2), moving_average(jnp.arange(5.0), 3.0))
assert np.allclose(jax.jit(moving_average, static_argnames="window")(jnp.array([1.0, 2.0, 3.0]), 3), [2.0])

# %%
signal = np.sin(np.linspace(0, 4 * np.pi, 200)).astype(np.float32) + 0.3 * np.random.default_rng(0).normal(size=200).astype(np.float32)
np.save(os.path.join(OUT_DIR, "signal.npy"), signal)
signal = np.load(os.path.join(OUT_DIR, "signal.npy"))
fig, ax = plt.subplots(figsize=(6, 3))
ax.plot(signal, alpha=0.4, label="noisy")
ax.plot(np.arange(9, 200), moving_average(signal, 10), label="window 10")
ax.legend()
fig.savefig(os.path.join(OUT_DIR, "moving_average.png"))
plt.close(fig)
logger.info("saved plot: %s", sorted(os.listdir(OUT_DIR)))
