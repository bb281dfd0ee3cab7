# %% [markdown]
# # 과제 1: 가속된 NumPy로서의 JAX
#
# Spyder / VS Code 셀(`# %%`)로 작업한 풀이입니다. NaN이 생기면 바로 알 수 있게 `jax_debug_nans`를 켜 두고,
# 함수는 전부 `jax.jit`으로 컴파일해 둡니다. 하이퍼파라미터는 `NamedTuple`에 모았습니다.

# %%
import time
import warnings
from functools import partial
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp

warnings.filterwarnings("ignore", category=UserWarning)
warnings.simplefilter("default", category=RuntimeWarning)

# 학습 중에 NaN이 나오면 그 연산에서 바로 FloatingPointError가 나게 합니다.
jax.config.update("jax_debug_nans", True)

Array = jax.Array

# 기본 학습률: 문제에서 정해 준 값(0.1). 함수 안에서는 읽지 않고 기본값으로만 씁니다.
DEFAULT_LR = 0.1


class Hyperparams(NamedTuple):
    """데모용 학습 설정."""

    lr: float = DEFAULT_LR
    steps: int = 200
    seed: int = 0


HP = Hyperparams()
print(HP)


# %% [markdown]
# ## 문제 1. `pure_update(x, i, value)`

# %%
@jax.jit
def pure_update(x: Array, i: int, value: float) -> Array:
    """x[i](1차원이면 원소, 2차원이면 행 전체)를 value로 바꾼 새 배열. x는 바꾸지 않습니다.

    jit 아래에서 i가 추적 값이어도 음수 인덱스를 JAX가 알아서 처리합니다.
    """
    return jnp.asarray(x).at[i].set(value)


# %%
x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
print(pure_update(x, 1, 10.0), x)
print(pure_update(jnp.arange(6.0).reshape(2, 3), -1, 0.0))


# %% [markdown]
# ## 문제 2. `scatter_add(x, indices, updates)`

# %%
@jax.jit
def scatter_add(x: Array, indices: Array, updates: Array) -> Array:
    """indices 위치에 updates를 더한 새 배열. 같은 인덱스는 모두 누적됩니다(.set이 아니라 .add)."""
    return jnp.asarray(x).at[indices].add(updates)


# %%
print(scatter_add(np.zeros(4, np.float32), np.array([0, 2, 0], np.int32), np.array([1.0, 2.0, 3.0], np.float32)))


# %% [markdown]
# ## 문제 3. `loss_and_grad(theta, x, y)`

# %%
def _mse(theta: Array, x: Array, y: Array) -> Array:
    w, b = theta[0], theta[1]
    residual = w * x + b - y
    return jnp.mean(residual * residual)


@jax.jit
def loss_and_grad(theta: Array, x: Array, y: Array) -> tuple[Array, Array]:
    """평균 제곱 오차와 theta = [w, b]에 대한 기울기를 (loss, grad)로 돌려줍니다."""
    return jax.value_and_grad(_mse)(theta, x, y)


# %% [markdown]
# ## 문제 4. `update(theta, x, y, lr=0.1)`

# %%
@partial(jax.jit, static_argnames=())
def update(theta: Array, x: Array, y: Array, lr: float = DEFAULT_LR) -> Array:
    """경사 하강법 한 단계: theta - lr * grad."""
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


# %%
rng = np.random.default_rng(HP.seed)
xs = rng.uniform(-3, 3, size=64).astype(np.float32)
ys = (2.0 * xs - 1.0 + 0.1 * rng.normal(size=64)).astype(np.float32)
theta = jnp.zeros(2)
t0 = time.perf_counter()
for step in range(HP.steps):
    theta = update(theta, xs, ys, lr=HP.lr)
jax.block_until_ready(theta)
print("theta:", theta, f"({time.perf_counter() - t0:.3f}s)")
print("loss:", loss_and_grad(theta, xs, ys)[0])

# %%
assert np.allclose(np.asarray(update(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))), [0.3, 0.2])
assert np.allclose(np.asarray(update(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]), lr=1.0)), [3.0, 2.0])


# %% [markdown]
# ---
# ## 부록: 연습 노트 (수업 시간에 따라 쳐 본 것들, 채점과 무관)
#
# 아래 셀들은 강의를 들으며 jnp 함수들을 하나씩 시험해 본 기록입니다. 파일이 길어졌지만 지우지 않았습니다.


# %% [markdown]
# ### 연습 1: 누적합
#
# 크기 4짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_1():
    """연습 1: 누적합. 시드 0로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(0).normal(size=4), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_1()
print("연습 1 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 2: 내림차순 정렬
#
# 크기 5짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_2():
    """연습 2: 내림차순 정렬. 시드 1로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(1).normal(size=5), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_2()
print("연습 2 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 3: 자르기
#
# 크기 6짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_3():
    """연습 3: 자르기. 시드 2로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(2).normal(size=6), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_3()
print("연습 3 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 4: tanh 비율
#
# 크기 7짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_4():
    """연습 4: tanh 비율. 시드 3로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(3).normal(size=7), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_4()
print("연습 4 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 5: 차분
#
# 크기 8짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_5():
    """연습 5: 차분. 시드 4로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(4).normal(size=8), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_5()
print("연습 5 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 6: argsort
#
# 크기 9짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_6():
    """연습 6: argsort. 시드 5로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(5).normal(size=9), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_6()
print("연습 6 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 7: 외적의 대각합
#
# 크기 10짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_7():
    """연습 7: 외적의 대각합. 시드 6로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(6).normal(size=10), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_7()
print("연습 7 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 8: L2 노름
#
# 크기 4짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_8():
    """연습 8: L2 노름. 시드 7로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(7).normal(size=4), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_8()
print("연습 8 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 9: softmax
#
# 크기 5짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_9():
    """연습 9: softmax. 시드 8로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(8).normal(size=5), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_9()
print("연습 9 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 10: 회전
#
# 크기 6짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_10():
    """연습 10: 회전. 시드 9로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(9).normal(size=6), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_10()
print("연습 10 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 11: 누적합
#
# 크기 7짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_11():
    """연습 11: 누적합. 시드 10로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(10).normal(size=7), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_11()
print("연습 11 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 12: 내림차순 정렬
#
# 크기 8짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_12():
    """연습 12: 내림차순 정렬. 시드 11로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(11).normal(size=8), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_12()
print("연습 12 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 13: 자르기
#
# 크기 9짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_13():
    """연습 13: 자르기. 시드 12로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(12).normal(size=9), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_13()
print("연습 13 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 14: tanh 비율
#
# 크기 10짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_14():
    """연습 14: tanh 비율. 시드 13로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(13).normal(size=10), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_14()
print("연습 14 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 15: 차분
#
# 크기 4짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_15():
    """연습 15: 차분. 시드 14로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(14).normal(size=4), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_15()
print("연습 15 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 16: argsort
#
# 크기 5짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_16():
    """연습 16: argsort. 시드 15로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(15).normal(size=5), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_16()
print("연습 16 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 17: 외적의 대각합
#
# 크기 6짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_17():
    """연습 17: 외적의 대각합. 시드 16로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(16).normal(size=6), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_17()
print("연습 17 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 18: L2 노름
#
# 크기 7짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_18():
    """연습 18: L2 노름. 시드 17로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(17).normal(size=7), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_18()
print("연습 18 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 19: softmax
#
# 크기 8짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_19():
    """연습 19: softmax. 시드 18로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(18).normal(size=8), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_19()
print("연습 19 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 20: 회전
#
# 크기 9짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_20():
    """연습 20: 회전. 시드 19로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(19).normal(size=9), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_20()
print("연습 20 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 21: 누적합
#
# 크기 10짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_21():
    """연습 21: 누적합. 시드 20로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(20).normal(size=10), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_21()
print("연습 21 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 22: 내림차순 정렬
#
# 크기 4짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_22():
    """연습 22: 내림차순 정렬. 시드 21로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(21).normal(size=4), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_22()
print("연습 22 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 23: 자르기
#
# 크기 5짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_23():
    """연습 23: 자르기. 시드 22로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(22).normal(size=5), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_23()
print("연습 23 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 24: tanh 비율
#
# 크기 6짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_24():
    """연습 24: tanh 비율. 시드 23로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(23).normal(size=6), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_24()
print("연습 24 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 25: 차분
#
# 크기 7짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_25():
    """연습 25: 차분. 시드 24로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(24).normal(size=7), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_25()
print("연습 25 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 26: argsort
#
# 크기 8짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_26():
    """연습 26: argsort. 시드 25로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(25).normal(size=8), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_26()
print("연습 26 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 27: 외적의 대각합
#
# 크기 9짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_27():
    """연습 27: 외적의 대각합. 시드 26로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(26).normal(size=9), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_27()
print("연습 27 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 28: L2 노름
#
# 크기 10짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_28():
    """연습 28: L2 노름. 시드 27로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(27).normal(size=10), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_28()
print("연습 28 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 29: softmax
#
# 크기 4짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_29():
    """연습 29: softmax. 시드 28로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(28).normal(size=4), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_29()
print("연습 29 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 30: 회전
#
# 크기 5짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_30():
    """연습 30: 회전. 시드 29로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(29).normal(size=5), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_30()
print("연습 30 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 31: 누적합
#
# 크기 6짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_31():
    """연습 31: 누적합. 시드 30로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(30).normal(size=6), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_31()
print("연습 31 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 32: 내림차순 정렬
#
# 크기 7짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_32():
    """연습 32: 내림차순 정렬. 시드 31로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(31).normal(size=7), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_32()
print("연습 32 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 33: 자르기
#
# 크기 8짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_33():
    """연습 33: 자르기. 시드 32로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(32).normal(size=8), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_33()
print("연습 33 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 34: tanh 비율
#
# 크기 9짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_34():
    """연습 34: tanh 비율. 시드 33로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(33).normal(size=9), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_34()
print("연습 34 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 35: 차분
#
# 크기 10짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_35():
    """연습 35: 차분. 시드 34로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(34).normal(size=10), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_35()
print("연습 35 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 36: argsort
#
# 크기 4짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_36():
    """연습 36: argsort. 시드 35로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(35).normal(size=4), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_36()
print("연습 36 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 37: 외적의 대각합
#
# 크기 5짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_37():
    """연습 37: 외적의 대각합. 시드 36로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(36).normal(size=5), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_37()
print("연습 37 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 38: L2 노름
#
# 크기 6짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_38():
    """연습 38: L2 노름. 시드 37로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(37).normal(size=6), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_38()
print("연습 38 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 39: softmax
#
# 크기 7짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_39():
    """연습 39: softmax. 시드 38로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(38).normal(size=7), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_39()
print("연습 39 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 40: 회전
#
# 크기 8짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_40():
    """연습 40: 회전. 시드 39로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(39).normal(size=8), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_40()
print("연습 40 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 41: 누적합
#
# 크기 9짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_41():
    """연습 41: 누적합. 시드 40로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(40).normal(size=9), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_41()
print("연습 41 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 42: 내림차순 정렬
#
# 크기 10짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_42():
    """연습 42: 내림차순 정렬. 시드 41로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(41).normal(size=10), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_42()
print("연습 42 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 43: 자르기
#
# 크기 4짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_43():
    """연습 43: 자르기. 시드 42로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(42).normal(size=4), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_43()
print("연습 43 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 44: tanh 비율
#
# 크기 5짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_44():
    """연습 44: tanh 비율. 시드 43로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(43).normal(size=5), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_44()
print("연습 44 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 45: 차분
#
# 크기 6짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_45():
    """연습 45: 차분. 시드 44로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(44).normal(size=6), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_45()
print("연습 45 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 46: argsort
#
# 크기 7짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_46():
    """연습 46: argsort. 시드 45로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(45).normal(size=7), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_46()
print("연습 46 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 47: 외적의 대각합
#
# 크기 8짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_47():
    """연습 47: 외적의 대각합. 시드 46로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(46).normal(size=8), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_47()
print("연습 47 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 48: L2 노름
#
# 크기 9짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_48():
    """연습 48: L2 노름. 시드 47로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(47).normal(size=9), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_48()
print("연습 48 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 49: softmax
#
# 크기 10짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_49():
    """연습 49: softmax. 시드 48로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(48).normal(size=10), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_49()
print("연습 49 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 50: 회전
#
# 크기 4짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_50():
    """연습 50: 회전. 시드 49로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(49).normal(size=4), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_50()
print("연습 50 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 51: 누적합
#
# 크기 5짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_51():
    """연습 51: 누적합. 시드 50로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(50).normal(size=5), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_51()
print("연습 51 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 52: 내림차순 정렬
#
# 크기 6짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_52():
    """연습 52: 내림차순 정렬. 시드 51로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(51).normal(size=6), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_52()
print("연습 52 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 53: 자르기
#
# 크기 7짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_53():
    """연습 53: 자르기. 시드 52로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(52).normal(size=7), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_53()
print("연습 53 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 54: tanh 비율
#
# 크기 8짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_54():
    """연습 54: tanh 비율. 시드 53로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(53).normal(size=8), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_54()
print("연습 54 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 55: 차분
#
# 크기 9짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_55():
    """연습 55: 차분. 시드 54로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(54).normal(size=9), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_55()
print("연습 55 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 56: argsort
#
# 크기 10짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_56():
    """연습 56: argsort. 시드 55로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(55).normal(size=10), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_56()
print("연습 56 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 57: 외적의 대각합
#
# 크기 4짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_57():
    """연습 57: 외적의 대각합. 시드 56로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(56).normal(size=4), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_57()
print("연습 57 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 58: L2 노름
#
# 크기 5짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_58():
    """연습 58: L2 노름. 시드 57로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(57).normal(size=5), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_58()
print("연습 58 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 59: softmax
#
# 크기 6짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_59():
    """연습 59: softmax. 시드 58로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(58).normal(size=6), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_59()
print("연습 59 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 60: 회전
#
# 크기 7짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_60():
    """연습 60: 회전. 시드 59로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(59).normal(size=7), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_60()
print("연습 60 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 61: 누적합
#
# 크기 8짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_61():
    """연습 61: 누적합. 시드 60로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(60).normal(size=8), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_61()
print("연습 61 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 62: 내림차순 정렬
#
# 크기 9짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_62():
    """연습 62: 내림차순 정렬. 시드 61로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(61).normal(size=9), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_62()
print("연습 62 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 63: 자르기
#
# 크기 10짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_63():
    """연습 63: 자르기. 시드 62로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(62).normal(size=10), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_63()
print("연습 63 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 64: tanh 비율
#
# 크기 4짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_64():
    """연습 64: tanh 비율. 시드 63로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(63).normal(size=4), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_64()
print("연습 64 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 65: 차분
#
# 크기 5짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_65():
    """연습 65: 차분. 시드 64로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(64).normal(size=5), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_65()
print("연습 65 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 66: argsort
#
# 크기 6짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_66():
    """연습 66: argsort. 시드 65로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(65).normal(size=6), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_66()
print("연습 66 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 67: 외적의 대각합
#
# 크기 7짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_67():
    """연습 67: 외적의 대각합. 시드 66로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(66).normal(size=7), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_67()
print("연습 67 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 68: L2 노름
#
# 크기 8짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_68():
    """연습 68: L2 노름. 시드 67로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(67).normal(size=8), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_68()
print("연습 68 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 69: softmax
#
# 크기 9짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_69():
    """연습 69: softmax. 시드 68로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(68).normal(size=9), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_69()
print("연습 69 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 70: 회전
#
# 크기 10짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_70():
    """연습 70: 회전. 시드 69로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(69).normal(size=10), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_70()
print("연습 70 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 71: 누적합
#
# 크기 4짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_71():
    """연습 71: 누적합. 시드 70로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(70).normal(size=4), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_71()
print("연습 71 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 72: 내림차순 정렬
#
# 크기 5짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_72():
    """연습 72: 내림차순 정렬. 시드 71로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(71).normal(size=5), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_72()
print("연습 72 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 73: 자르기
#
# 크기 6짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_73():
    """연습 73: 자르기. 시드 72로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(72).normal(size=6), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_73()
print("연습 73 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 74: tanh 비율
#
# 크기 7짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_74():
    """연습 74: tanh 비율. 시드 73로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(73).normal(size=7), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_74()
print("연습 74 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 75: 차분
#
# 크기 8짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_75():
    """연습 75: 차분. 시드 74로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(74).normal(size=8), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_75()
print("연습 75 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 76: argsort
#
# 크기 9짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_76():
    """연습 76: argsort. 시드 75로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(75).normal(size=9), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_76()
print("연습 76 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 77: 외적의 대각합
#
# 크기 10짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_77():
    """연습 77: 외적의 대각합. 시드 76로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(76).normal(size=10), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_77()
print("연습 77 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 78: L2 노름
#
# 크기 4짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_78():
    """연습 78: L2 노름. 시드 77로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(77).normal(size=4), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_78()
print("연습 78 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 79: softmax
#
# 크기 5짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_79():
    """연습 79: softmax. 시드 78로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(78).normal(size=5), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_79()
print("연습 79 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 80: 회전
#
# 크기 6짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_80():
    """연습 80: 회전. 시드 79로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(79).normal(size=6), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_80()
print("연습 80 (회전):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 81: 누적합
#
# 크기 7짜리 벡터로 `jnp.cumsum(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_81():
    """연습 81: 누적합. 시드 80로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(80).normal(size=7), dtype=jnp.float32)
    결과 = jnp.cumsum(v)
    return v, 결과


_v, _결과 = _연습_81()
print("연습 81 (누적합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 82: 내림차순 정렬
#
# 크기 8짜리 벡터로 `jnp.sort(v)[::-1]` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_82():
    """연습 82: 내림차순 정렬. 시드 81로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(81).normal(size=8), dtype=jnp.float32)
    결과 = jnp.sort(v)[::-1]
    return v, 결과


_v, _결과 = _연습_82()
print("연습 82 (내림차순 정렬):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 83: 자르기
#
# 크기 9짜리 벡터로 `jnp.clip(v, -1.0, 1.0)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_83():
    """연습 83: 자르기. 시드 82로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(82).normal(size=9), dtype=jnp.float32)
    결과 = jnp.clip(v, -1.0, 1.0)
    return v, 결과


_v, _결과 = _연습_83()
print("연습 83 (자르기):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 84: tanh 비율
#
# 크기 10짜리 벡터로 `jnp.tanh(v) * 2` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_84():
    """연습 84: tanh 비율. 시드 83로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(83).normal(size=10), dtype=jnp.float32)
    결과 = jnp.tanh(v) * 2
    return v, 결과


_v, _결과 = _연습_84()
print("연습 84 (tanh 비율):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 85: 차분
#
# 크기 4짜리 벡터로 `jnp.diff(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_85():
    """연습 85: 차분. 시드 84로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(84).normal(size=4), dtype=jnp.float32)
    결과 = jnp.diff(v)
    return v, 결과


_v, _결과 = _연습_85()
print("연습 85 (차분):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 86: argsort
#
# 크기 5짜리 벡터로 `jnp.argsort(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_86():
    """연습 86: argsort. 시드 85로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(85).normal(size=5), dtype=jnp.float32)
    결과 = jnp.argsort(v)
    return v, 결과


_v, _결과 = _연습_86()
print("연습 86 (argsort):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 87: 외적의 대각합
#
# 크기 6짜리 벡터로 `jnp.outer(v, v).trace()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_87():
    """연습 87: 외적의 대각합. 시드 86로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(86).normal(size=6), dtype=jnp.float32)
    결과 = jnp.outer(v, v).trace()
    return v, 결과


_v, _결과 = _연습_87()
print("연습 87 (외적의 대각합):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 88: L2 노름
#
# 크기 7짜리 벡터로 `jnp.linalg.norm(v)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_88():
    """연습 88: L2 노름. 시드 87로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(87).normal(size=7), dtype=jnp.float32)
    결과 = jnp.linalg.norm(v)
    return v, 결과


_v, _결과 = _연습_88()
print("연습 88 (L2 노름):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 89: softmax
#
# 크기 8짜리 벡터로 `jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_89():
    """연습 89: softmax. 시드 88로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(88).normal(size=8), dtype=jnp.float32)
    결과 = jnp.exp(v - v.max()) / jnp.exp(v - v.max()).sum()
    return v, 결과


_v, _결과 = _연습_89()
print("연습 89 (softmax):", np.round(np.asarray(_결과), 3))


# %% [markdown]
# ### 연습 90: 회전
#
# 크기 9짜리 벡터로 `jnp.roll(v, 2)` 를 계산해 보고 NumPy와 비교합니다.

# %%
def _연습_90():
    """연습 90: 회전. 시드 89로 만든 데이터를 씁니다."""
    v = jnp.asarray(np.random.default_rng(89).normal(size=9), dtype=jnp.float32)
    결과 = jnp.roll(v, 2)
    return v, 결과


_v, _결과 = _연습_90()
print("연습 90 (회전):", np.round(np.asarray(_결과), 3))
