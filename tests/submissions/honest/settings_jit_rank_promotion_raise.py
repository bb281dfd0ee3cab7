"""hc20_jit_05 — jit assignment (# %% cells)

Habits: `jax.print_environment_info()` and `platform.platform()` in a setup cell,
`jax.config.update("jax_numpy_rank_promotion", "raise")` to catch accidental broadcasting
(so `norm` uses `keepdims=True`), `jax.ensure_compile_time_eval()` in `flatten`,
a `datetime` stamp at the top.
"""
# %%
import datetime
import platform
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

print("run at", datetime.datetime.now().isoformat(timespec="seconds"))
print(platform.platform())
jax.print_environment_info()
jax.config.update("jax_numpy_rank_promotion", "raise")

# %%
@jax.jit
def norm(X):
    mean = jnp.mean(X, axis=0, keepdims=True)
    std = jnp.sqrt(jnp.mean((X - mean) ** 2, axis=0, keepdims=True))
    return (X - mean) / std

X = jnp.array([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0]])
print(norm(X))

# %%
def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))

# %%
def flatten(x):
    with jax.ensure_compile_time_eval():
        n = np.prod(x.shape, dtype=int)
    return jnp.reshape(x, (int(n),))

print(jax.jit(flatten)(jnp.ones((3, 4))).shape)

# %%
@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    sign = -1 if neg else 1
    return sign * x

print(maybe_negate(jnp.array([1.0, -2.0]), neg=True))
