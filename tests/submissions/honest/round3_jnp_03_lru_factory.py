# %% [markdown]
# # HW1: JAX as accelerated NumPy
# Cells for the interactive window. The toy dataset is cached (`lru_cache`) and saved to a
# temp folder with `np.save`, the loss comes from a small factory, and I log as I go.

# %%
import functools
import logging
import math
import os
import tempfile

import numpy as np
import jax
import jax.numpy as jnp

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(name)s: %(message)s")
logger = logging.getLogger(__name__)
logger.info("x64 enabled: %s", jax.config.jax_enable_x64)


# %%
@functools.lru_cache(maxsize=4)
def toy_dataset(n: int, seed: int = 0):
    """y = 2x - 1 + noise. Cached so re-running the cells does not regenerate it."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=n).astype(np.float32)
    y = (2.0 * x - 1.0 + 0.05 * rng.normal(size=n)).astype(np.float32)
    return x, y


workdir = tempfile.mkdtemp(prefix="hw1_")
x_np, y_np = toy_dataset(128)
np.save(os.path.join(workdir, "x.npy"), x_np)
np.save(os.path.join(workdir, "y.npy"), y_np)
x_data = np.load(os.path.join(workdir, "x.npy"))
y_data = np.load(os.path.join(workdir, "y.npy"))
logger.info("saved and reloaded %d points in %s", len(x_data), workdir)


# %% [markdown]
# ## dtype helper
# Integer inputs get promoted to the default float type (float64 only if x64 is on).

# %%
def _float_dtype():
    return jnp.float64 if jax.config.jax_enable_x64 else jnp.float32


def _as_float_array(x):
    x = jnp.asarray(x)
    if x.dtype.char not in np.typecodes["AllFloat"]:
        x = x.astype(_float_dtype())
    return x


# %% [markdown]
# ## Problem 1: pure_update

# %%
def pure_update(x, i, value):
    x = _as_float_array(x)
    return x.at[i].set(value)  # .at handles negative (even traced) i and whole rows


# %% [markdown]
# ## Problem 2: scatter_add

# %%
def scatter_add(x, indices, updates):
    x = _as_float_array(x)
    return x.at[jnp.asarray(indices)].add(jnp.asarray(updates, dtype=x.dtype))


# %% [markdown]
# ## Problem 3: loss_and_grad
# `make_loss` returns the loss as a closure, so I can try other losses later.

# %%
def make_loss(kind="mse"):
    if kind == "mse":
        def loss(theta, x, y):
            w, b = theta[0], theta[1]
            return jnp.mean((w * x + b - y) ** 2)
    elif kind == "mae":
        def loss(theta, x, y):
            w, b = theta[0], theta[1]
            return jnp.mean(jnp.abs(w * x + b - y))
    else:
        raise ValueError(f"unknown loss {kind!r}")
    return loss


mse = make_loss("mse")
loss_and_grad = jax.jit(jax.value_and_grad(mse))


# %% [markdown]
# ## Problem 4: update

# %%
def update(theta, x, y, lr=0.1):
    if isinstance(lr, (int, float)) and abs(lr) == math.inf:
        raise ValueError("lr must be finite")
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


# %% [markdown]
# ## Checks and a short training run

# %%
x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
print(pure_update(x, 1, 10.0), x)
print(pure_update(jnp.arange(6.0).reshape(2, 3), -1, 0.0))
print(jax.jit(pure_update)(jnp.zeros(3), -1, 1.0))
print(scatter_add(np.zeros(4, np.float32), np.array([0, 2, 0], np.int32), np.array([1.0, 2.0, 3.0], np.float32)))

loss, grad = loss_and_grad(jnp.array([0.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
assert np.isclose(loss, 1.0) and np.allclose(grad, [-3.0, -2.0])
assert np.allclose(update(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0])), [0.3, 0.2])

theta = jnp.zeros(2)
for step in range(200):
    theta = update(theta, x_data, y_data, lr=0.5)
    if step % 50 == 0:
        logger.info("step %3d loss %.5f", step, float(mse(theta, x_data, y_data)))
print("fitted theta:", theta)
print(toy_dataset.cache_info())
