# %% [markdown]
# # 과제 3: 순수 함수와 그 함정
#
# 셀 단위(`# %%`)로 작성한 풀이. 타입 힌트는 jaxtyping 스타일 문자열로만 적었습니다(라이브러리는 설치하지
# 않았으므로 문자열 주석입니다).

# %%
from __future__ import annotations

from functools import partial
from typing import Any, Mapping

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

PyTree = Any


# %% [markdown]
# ## 문제 1. `sgd_step(params, grads, lr)`

# %%
def sgd_step(params: PyTree, grads: PyTree, lr: float) -> PyTree:
    """잎마다 ``p - lr * g`` 인 새 pytree. 넘겨받은 dict와 배열은 건드리지 않습니다."""
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


# %%
params = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.zeros(1, dtype=np.float32)}}
grads = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.ones(1, dtype=np.float32)}}
print(sgd_step(params, grads, 0.5), params)


# %% [markdown]
# ## 문제 2. `horner(coeffs, x)` — `lax.fori_loop`, jit

# %%
@jax.jit
def horner(coeffs: "Float[Array, 'k']", x: "Float[Array, '...']") -> "Float[Array, '...']":
    """호너 방법: ``acc = acc * x + coeffs[i]`` (계수는 최고차항부터).

    ``lax.fori_loop`` 는 루프를 펼치지 않으므로 계수가 늘어도 추적된 프로그램 크기가 그대로입니다.
    """
    assert coeffs.ndim == 1, "coeffs는 1차원이어야 합니다"
    k = coeffs.shape[0]

    def body(i, acc):
        with jax.named_scope("horner_step"):
            return acc * x + coeffs[i]

    return lax.fori_loop(0, k, body, jnp.zeros_like(x))


# %%
print(horner(jnp.array([2.0, 0.0, -1.0]), jnp.array([0.0, 1.0, 2.0])))
short = str(jax.make_jaxpr(horner)(jnp.ones(2), jnp.ones(3))).count("\n")
long = str(jax.make_jaxpr(horner)(jnp.ones(20), jnp.ones(3))).count("\n")
print("jaxpr lines:", short, long)


# %% [markdown]
# ## 문제 3. `per_example_grads(theta, x, y)` — `vmap(grad)`, 메모리를 아끼려고 `jax.checkpoint`

# %%
@jax.checkpoint
def _example_loss(theta: "Float[Array, '2']", xi: "Float[Array, '']", yi: "Float[Array, '']") -> "Float[Array, '']":
    w, b = theta[0], theta[1]
    return (w * xi + b - yi) ** 2


def per_example_grads(theta: "Float[Array, '2']", x: "Float[Array, 'n']", y: "Float[Array, 'n']") -> "Float[Array, 'n 2']":
    """예제마다의 기울기를 ``jax.vmap(jax.grad(...))`` 으로 한꺼번에 구합니다. 결과 shape는 ``(n, 2)``."""
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


# %%
print(per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0])))


# %% [markdown]
# ## 문제 4. `moving_average(x, window)` — 창(window)을 모아 `einsum`으로 평균

# %%
@partial(jax.jit, static_argnames=("window",))
def moving_average(x: "Float[Array, 'n']", window: int) -> "Float[Array, 'n-window+1']":
    """연속한 ``window`` 개 원소의 평균, 길이 ``n - window + 1``.

    ``window`` 는 정적 인자라 ``jnp.arange(window)`` 처럼 shape를 정하는 데 쓸 수 있습니다.
    (i, j) 위치에 ``x[i + j]`` 를 모은 행렬을 만들고 행마다 더해 ``window`` 로 나눕니다.
    """
    x = jnp.asarray(x)
    n = x.shape[0]
    rows = jnp.arange(n - window + 1)[:, None] + jnp.arange(window)[None, :]
    windows = x[rows]
    return jnp.einsum("ij->i", windows) / window


# %%
print(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2))
print(jax.jit(moving_average, static_argnames="window")(jnp.array([1.0, 2.0, 3.0]), 3))

# %%
if __name__ == "__main__":
    rng = np.random.default_rng(0)
    signal = np.cumsum(rng.normal(size=200)).astype(np.float32)
    for w in (1, 3, 5, 25):
        ref = np.convolve(signal, np.ones(w) / w, mode="valid")
        assert np.allclose(np.asarray(moving_average(signal, w)), ref, atol=1e-4), w
    print("moving_average ok")
