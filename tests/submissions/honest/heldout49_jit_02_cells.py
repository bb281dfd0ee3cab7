# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.16.4
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 과제 2: JAX답게 생각하기 (jit, 추적, 정적 값)
#
# VS Code에서 작업하고 jupytext로 짝지어 둔 파일입니다. 수치 안정성을 위해 모듈 맨 위에서
# 64비트 부동소수점을 켜 둡니다(`jax_enable_x64`).

# %%
from __future__ import annotations

import math
import time
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

# float32 상쇄 오차가 싫어서 64비트를 켭니다. 입력 dtype은 바뀌지 않습니다(float32는 float32 그대로).
jax.config.update("jax_enable_x64", True)

print("jax", jax.__version__, "| x64:", jax.config.jax_enable_x64, "| devices:", jax.devices())


# %% [markdown]
# ## 문제 1. `norm(X)`
#
# 열마다 평균을 빼고 모집단 표준편차(ddof=0)로 나눕니다. 평균이 크고 퍼짐이 작은 열(예: 켈빈 온도)에서
# float32로 평균을 구하면 상쇄 오차가 커지므로, 계산은 float64로 하고 결과도 float64로 돌려줍니다.

# %%
def _norm_impl(X: "Float[Array, 'n d']") -> "Float[Array, 'n d']":
    """열 단위 표준화.

    매개변수
    --------
    X : Float[Array, 'n d']
        행이 표본, 열이 특성인 2차원 배열입니다. ``n >= 2`` 이고 모든 값이 같은 열은 없다고 가정합니다.

    반환값
    ------
    Float[Array, 'n d']
        ``(X - X.mean(0)) / X.std(0)`` 과 같은 값입니다. 표준편차는 모집단 표준편차(``ddof=0``)입니다.

    구현 메모
    ---------
    * 평균과 분산은 두 번 훑는(two-pass) 방식으로 구합니다. ``E[x²] - E[x]²`` 로 분산을 구하면 평균이 큰
      열에서 상쇄 오차가 생깁니다.
    * 누적은 float64로 합니다(모듈 맨 위에서 ``jax_enable_x64`` 를 켰습니다). 그래서 반환 dtype은 float64입니다.
    * 분산의 역제곱근은 ``lax.rsqrt`` 로 구합니다. 나눗셈 대신 곱셈 한 번이면 됩니다.
    * ``X.ndim`` 은 정적인 값이라 jit 안에서도 assert로 확인할 수 있습니다.
    """
    assert X.ndim == 2, f"X는 2차원이어야 합니다: ndim={X.ndim}"
    n = X.shape[0]
    X64 = lax.convert_element_type(X, jnp.float64)
    평균 = jnp.sum(X64, axis=0) / n
    편차 = X64 - 평균
    분산 = jnp.sum(lax.square(편차), axis=0) / n
    return 편차 * lax.rsqrt(분산)


norm = jax.jit(_norm_impl)

# %%
rng = np.random.default_rng(0)
X_demo = (rng.normal(size=(64, 4)) * [1.0, 0.01, 5.0, 0.1] + [0.0, 1000.0, -3.0, 273.15]).astype(np.float32)
out = jax.block_until_ready(norm(X_demo))
print(out.dtype, np.round(np.asarray(out).mean(0), 6), np.round(np.asarray(out).std(0), 6))

# %%
# 간단한 시간 재기(첫 호출은 컴파일이 들어가니 워밍업 후에 잽니다)
jax.block_until_ready(norm(X_demo))
t0 = time.perf_counter()
for _ in range(200):
    jax.block_until_ready(norm(X_demo))
print(f"norm: {(time.perf_counter() - t0) / 200 * 1e6:.1f} µs/call")


# %% [markdown]
# ## 문제 2. `negatives(x)` — `lax.select`로 크기를 유지합니다

# %%
def negatives(x: "Float[Array, '...']") -> "Float[Array, '...']":
    """음수 원소는 그대로, 나머지는 0으로 채운 같은 shape의 배열을 돌려줍니다.

    ``x[x < 0]`` 는 출력 크기가 값에 따라 달라져 jit 안에서 쓸 수 없으므로, 크기를 유지하는
    ``lax.select(조건, 참, 거짓)`` 을 씁니다. ``jnp.where`` 와 같은 일을 하는 저수준 프리미티브입니다.
    """
    x = jnp.asarray(x)
    return lax.select(x < 0, x, lax.full_like(x, 0))


print(negatives(jnp.array([[1.0, -2.0], [-0.5, 3.0]])))


# %% [markdown]
# ## 문제 3. `flatten(x)` — 정적인 shape만 씁니다

# %%
def flatten(x: "Shaped[Array, '...']") -> "Shaped[Array, 'n']":
    """``x`` 를 원소 ``x.size`` 개의 1차원 배열로 펼칩니다.

    ``math.prod(x.shape)`` 는 추적 중에도 파이썬 정수이므로 새 shape로 쓸 수 있습니다.
    ``jnp.array(x.shape).prod()`` 처럼 JAX 연산으로 구하면 추적 값이 되어 shape로 쓸 수 없습니다.
    """
    x = jnp.asarray(x)
    return lax.reshape(x, (math.prod(x.shape),))


print(jax.jit(flatten)(jnp.arange(6.0).reshape(2, 3)))


# %% [markdown]
# ## 문제 4. `maybe_negate(x, neg)` — `neg`는 정적 인자 (위치 1)

# %%
def _maybe_negate(x: "Float[Array, '...']", neg: bool) -> "Float[Array, '...']":
    """``neg`` 가 참이면 ``-x``, 아니면 ``x``. ``neg`` 는 파이썬 bool이라 정적 인자로 지정합니다."""
    assert isinstance(neg, bool), f"neg는 파이썬 bool이어야 합니다: {type(neg).__name__}"
    return lax.neg(x) if neg else x


maybe_negate = jax.jit(_maybe_negate, static_argnums=(1,))

# %%
x = jnp.array([1.0, -2.0])
print(maybe_negate(x, True), maybe_negate(x, False), maybe_negate(x, neg=True))
print(maybe_negate.lower(x, True).as_text()[:200])
