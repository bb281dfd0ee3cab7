"""hc20_pur_04 — purity assignment (# %% cells)

Habits: `jax.config.update("jax_disable_jit", True)` while stepping through the code, turned
back off afterwards; `jax.config.update("jax_default_matmul_precision", "highest")`;
`jax.tree_util.tree_map_with_path` (prints which leaf is updated while debugging);
`@jax.named_call` and `@jax.profiler.annotate_function` on helpers.
"""
# %%
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_default_matmul_precision", "highest")
jax.config.update("jax_disable_jit", True)   # debugging: run everything eagerly

# %%
VERBOSE = False

def sgd_step(params, grads, lr):
    def leaf(path, p, g):
        return p - lr * g
    return jax.tree_util.tree_map_with_path(leaf, params, grads)

p = {"enc": {"w": jnp.ones((2, 2))}, "dec": {"w": jnp.ones(2), "b": jnp.zeros(2)}}
print(sgd_step(p, p, 0.5))

# %%
@jax.jit
def horner(coeffs, x):
    def body(i, val):
        return val * x + coeffs[i]
    return jax.lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x * coeffs[0]))

print(horner(jnp.array([1.0, 2.0, 3.0]), jnp.array([0.0, 1.0, 2.0])))  # 3, 6, 11

# %%
@jax.named_call
def point_loss(theta, xi, yi):
    return (jnp.dot(theta, jnp.stack([xi, jnp.ones_like(xi)])) - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(point_loss), in_axes=(None, 0, 0))(theta, x, y)

print(per_example_grads(jnp.array([2.0, 1.0]), jnp.arange(3.0), jnp.zeros(3)))

# %%
@jax.profiler.annotate_function
@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    windows = jnp.stack([x[k:x.shape[0] - window + 1 + k] for k in range(window)])
    return windows.mean(axis=0)

print(moving_average(jnp.arange(6.0), 2))

# %%
jax.config.update("jax_disable_jit", False)   # done debugging
print(horner(jnp.array([1.0, 0.0]), 3.0), moving_average(jnp.arange(5.0), 5))
