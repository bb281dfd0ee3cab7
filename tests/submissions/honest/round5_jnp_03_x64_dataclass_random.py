# %% [markdown]
# # HW1: JAX as accelerated NumPy
# Settings come from environment variables so I can rerun with other seeds: `SEED=3 python jnp_03...py`.

# %%
import dataclasses
import gc
import os
import time
import warnings
from functools import partial

import numpy as np
import jax

# x64 must be switched on before any array is created
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import tree_util

warnings.filterwarnings("ignore", category=UserWarning, module="jax")


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    seed: int = 0
    n: int = 256
    lr: float = 0.1
    steps: int = 100
    verbose: bool = False


cfg = TrainConfig(seed=int(os.environ.get("SEED", "0")), verbose=os.environ.get("VERBOSE") is not None)
print(dataclasses.asdict(cfg))

# %%
key = jax.random.key(cfg.seed)
key, kx, kn = jax.random.split(key, 3)
x_train = jax.random.uniform(kx, (cfg.n,), dtype=jnp.float32, minval=-3.0, maxval=3.0)
y_train = 1.5 * x_train - 2.0 + 0.2 * jax.random.normal(kn, (cfg.n,), dtype=jnp.float32)
print(x_train.dtype, y_train.dtype)  # still float32 with x64 on

# %% Problem 1
def pure_update(x, i, value):
    x = jnp.asarray(x)
    return x.at[i].set(jnp.asarray(value, dtype=x.dtype))


# %% Problem 2
def scatter_add(x, indices, updates):
    x = jnp.asarray(x)
    return x.at[indices].add(jnp.asarray(updates, dtype=x.dtype))


# %% Problem 3
def squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean(jnp.square(w * x + b - y))


def loss_and_grad(theta, x, y):
    theta = jnp.asarray(theta)
    loss, grad = jax.value_and_grad(squared_error)(theta, x, y)
    return loss, grad


# %% Problem 4
def update(theta, x, y, lr=0.1):
    loss, grad = loss_and_grad(theta, x, y)
    jax.debug.print("loss={loss:.4f} |grad|={g:.4f}", loss=loss, g=jnp.linalg.norm(grad))
    return theta - lr * grad


# %%
step = jax.jit(partial(update, lr=cfg.lr))
theta = jnp.zeros(2, dtype=jnp.float32)
history = {"loss": [], "theta": []}
t0 = time.perf_counter()
for i in range(cfg.steps):
    theta = step(theta, x_train, y_train)
    if i % 20 == 0:
        history["loss"].append(loss_and_grad(theta, x_train, y_train)[0])
        history["theta"].append(theta)
print(f"{cfg.steps} steps in {time.perf_counter() - t0:.3f}s -> theta={theta} ({theta.dtype})")
history = tree_util.tree_map(lambda a: np.round(np.asarray(a), 3), history)
print(history["loss"])
assert theta.dtype == jnp.float32
assert np.allclose(theta, [1.5, -2.0], atol=0.1)

# %%
with warnings.catch_warnings():
    warnings.simplefilter("error")   # make sure no dtype warnings from my functions
    out = scatter_add(np.zeros(4, np.float32), np.array([1, 1, 3]), np.ones(3, np.float32))
    assert out.dtype == jnp.float32 and np.allclose(out, [0, 2, 0, 1])
    out = pure_update(np.zeros((2, 2), np.float32), -2, 5.0)
    assert out.dtype == jnp.float32 and np.allclose(out, [[5, 5], [0, 0]])
quick = dataclasses.replace(cfg, steps=5)
print("replaced:", quick, "| gc:", gc.collect())
