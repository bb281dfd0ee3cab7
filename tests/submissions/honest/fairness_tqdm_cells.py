# %% [markdown]
# # 과제 3: 순수 함수 (VS Code의 `# %%` 셀로 작성)

# %%
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from tqdm import tqdm
import scipy.stats

# %%
def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.ones((window,), dtype=jnp.asarray(x).dtype) / window
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)


# %% 학습 루프 데모 (진행 막대)
params = {"w": jnp.ones(3), "b": jnp.zeros(())}
for step in tqdm(range(20), desc="sgd"):
    grads = jax.tree_util.tree_map(jnp.ones_like, params)
    params = sgd_step(params, grads, 0.01)
print(params["w"])
print(scipy.stats.norm.cdf(0.0), np.round(moving_average(jnp.arange(6.0), 3), 3))
