# %% [markdown]
# # 과제 2: JAX답게 생각하기 (jit, 추적, 정적 값)
#
# 튜토리얼 "Thinking in JAX"를 따라 하면서 과제를 풀었습니다. VS Code에서 `# %%` 셀로 작업했습니다.

# %%
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

# %% [markdown]
# ## NumPy와 jax.numpy 비교
# 같은 코드가 거의 그대로 돌아가지만 결과 타입이 다르다.

# %%
x_np = np.linspace(0, 10, 1000)
y_np = 2 * np.sin(x_np) * np.cos(x_np)
x_jnp = jnp.linspace(0, 10, 1000)
y_jnp = 2 * jnp.sin(x_jnp) * jnp.cos(x_jnp)
print(type(y_np), type(y_jnp), np.allclose(y_np, y_jnp, atol=1e-5))

# %% [markdown]
# ## JAX 배열은 불변 -> `.at`

# %%
arr = jnp.arange(10)
try:
    arr[0] = 10
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0][:60], "...")
arr2 = arr.at[0].set(10)
print(arr, arr2)

# %% [markdown]
# ## lax는 더 엄격하다 (타입 자동 승격 없음)

# %%
print(jnp.add(1, 1.0))
try:
    lax.add(1, 1.0)
except TypeError as e:
    print("lax.add:", type(e).__name__)
print(lax.add(jnp.float32(1), 1.0))

# %% [markdown]
# ## 문제 1. norm

# %%
def norm_plain(X):
    X_mean = X.mean(0)
    X_std = X.std(0)
    return (X - X_mean) / X_std


norm = jax.jit(norm_plain)

# %%
X = jnp.asarray(np.random.default_rng(1).random((100, 5)), dtype=jnp.float32)
np.testing.assert_allclose(norm(X), norm_plain(X), atol=1e-5)
print(jax.make_jaxpr(norm_plain)(X))

# %% [markdown]
# ## 문제 2. negatives
# 불리언 마스크 인덱싱은 출력 shape가 값에 따라 달라져서 jit 안에서 안 된다.

# %%
def get_negatives_bad(x):
    return x[x < 0]


try:
    jax.jit(get_negatives_bad)(jnp.array([1.0, -1.0]))
except Exception as e:
    print(type(e).__name__)


def negatives(x):
    return jnp.where(x < 0, x, 0)


# %% [markdown]
# ## 문제 3. flatten
# `x.shape`는 정적, `jnp.array(x.shape).prod()`는 추적 값. 정적인 쪽(`np.prod`)을 써야 한다.
# 0차원 배열이면 `np.prod(())`가 float `1.0`이라서 `int()`로 감쌌다.

# %%
def flatten(x):
    return x.reshape(int(np.prod(x.shape)))


@jax.jit
def flatten_bad(x):
    return x.reshape(jnp.array(x.shape).prod())


try:
    flatten_bad(jnp.ones((2, 3)))
except TypeError as e:
    print("traced shape:", type(e).__name__)
print(jax.jit(flatten)(jnp.ones((2, 3))).shape)

# %% [markdown]
# ## 문제 4. maybe_negate (static_argnums)

# %%
@partial(jax.jit, static_argnums=(1,))
def maybe_negate(x, neg):
    if neg:
        return -x
    else:
        return x


# %%
print(maybe_negate(jnp.arange(3.0), True))
print(maybe_negate(jnp.arange(3.0), False))
print(jax.make_jaxpr(maybe_negate, static_argnums=1)(jnp.arange(3.0), True))
