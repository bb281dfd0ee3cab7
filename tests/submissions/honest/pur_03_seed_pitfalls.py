# %% [markdown]
# # 과제 3: 순수 함수와 그 함정
# 튜토리얼(JAX 개요와 주의할 점)의 예제를 먼저 돌려 보고 과제를 풀었다.

# %%
from functools import partial, lru_cache, wraps

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

# %% [markdown]
# ## 함정 1. 전역 변수는 추적할 때 고정된다

# %%
g = 0.0


def impure_uses_globals(x):
    return x + g


print(jax.jit(impure_uses_globals)(4.0))
g = 10.0
print(jax.jit(impure_uses_globals)(4.0))   # 캐시된 것이 불려서 여전히 4.0
print(jax.jit(impure_uses_globals)(jnp.array([4.0])))  # shape가 바뀌면 다시 추적 -> 14.0

# %% [markdown]
# ## 함정 2. fori_loop 안의 파이썬 반복자

# %%
array = jnp.arange(10)
print(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))   # 45
iterator = iter(range(10))
print(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))  # 기대와 다름

# %% [markdown]
# ## 함정 3. in-place 업데이트 / 리스트 입력

# %%
jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
try:
    jax_array[1, :] = 1.0
except Exception as e:
    print("Exception:", type(e).__name__)
print(jax_array.at[1, :].set(1.0))

try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print("TypeError (리스트 입력)")
print(jnp.sum(jnp.array([1, 2, 3])))

# %% [markdown]
# ## 문제 1. sgd_step

# %%
def sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


# %% [markdown]
# ## 문제 2. horner — 첫 계수로 시작해서 1부터 돈다

# %%
@jax.jit
def horner(coeffs, x):
    acc = jnp.full_like(x, coeffs[0])

    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(1, coeffs.shape[0], body, acc)


# %%
print(horner(jnp.array([2.0, 0.0, -1.0]), jnp.array([0.0, 1.0, 2.0])))
print(horner(jnp.array([5.0]), jnp.ones((2, 2))))   # 상수 다항식

# %% [markdown]
# ## 문제 3. per_example_grads — 손으로 미분한 것을 vmap

# %%
def _grad_one(theta, xi, yi):
    r = theta[0] * xi + theta[1] - yi
    return jnp.stack([2 * r * xi, 2 * r])


def per_example_grads(theta, x, y):
    return jax.vmap(_grad_one, in_axes=(None, 0, 0))(theta, x, y)


# %%
th = jnp.array([0.7, -0.2])
xs = jnp.linspace(-1, 1, 5)
ys = jnp.cos(xs)
auto = jax.vmap(jax.grad(lambda t, a, b: (t[0] * a + t[1] - b) ** 2), in_axes=(None, 0, 0))(th, xs, ys)
print(jnp.allclose(per_example_grads(th, xs, ys), auto, atol=1e-6))

# %% [markdown]
# ## 문제 4. moving_average — window만큼 밀린 조각들을 더한다 (window는 정적)

# %%
def moving_average(x, window):
    m = x.shape[0] - window + 1
    total = jnp.zeros(m, dtype=x.dtype)
    for k in range(window):
        total = total + x[k:k + m]
    return total / window


# %%
print(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2))
print(jax.jit(moving_average, static_argnames="window")(jnp.arange(6.0), 3))
