"""hc20_jnp_03 — jax-numpy assignment (# %% cells)

Habits: persistent compilation cache turned on in the first cell
(`jax_compilation_cache_dir` in a temp folder, min compile time 0), `jax.clear_caches()`
between experiments, `jax.lax.switch` to pick a loss in a scratch cell, `jax.block_until_ready`.
"""
# %%
import os
import tempfile

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

cache_dir = os.path.join(tempfile.gettempdir(), "jax_cache_hc20")
os.makedirs(cache_dir, exist_ok=True)
jax.config.update("jax_compilation_cache_dir", cache_dir)
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)

# %% [markdown]
# ## pure_update / scatter_add

# %%
def pure_update(x, i, value):
    return jnp.array(x).at[i].set(value)


def scatter_add(x, indices, updates):
    out = jnp.array(x)
    return out.at[indices].add(updates, mode="promise_in_bounds")

# %%
a = np.arange(5.0)
b = pure_update(a, 2, 100.0)
print(a, b)
print(scatter_add(jnp.zeros(4), jnp.array([1, 1, 2]), jnp.array([1.0, 1.0, 1.0])))
jax.clear_caches()

# %% [markdown]
# ## loss_and_grad / update

# %%
def squared_loss(theta, x, y):
    return jnp.mean((theta[0] * x + theta[1] - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(squared_loss)(jnp.asarray(theta, dtype=float), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return jnp.asarray(theta, dtype=float) - lr * grad

# %% scratch: choose a loss with lax.switch
def abs_loss(theta, x, y):
    return jnp.mean(jnp.abs(theta[0] * x + theta[1] - y))

@jax.jit
def any_loss(which, theta, x, y):
    return lax.switch(which, [squared_loss, abs_loss], theta, x, y)

x = jnp.linspace(0, 1, 20); y = 3 * x + 1
theta = jnp.zeros(2)
for _ in range(300):
    theta = update(theta, x, y)
print(jax.block_until_ready(theta), any_loss(0, theta, x, y), any_loss(1, theta, x, y))
