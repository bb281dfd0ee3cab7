# %% [markdown]
# # 과제 1 풀이 (jupytext percent 형식)
# 기울기를 손으로 유도해서 구현하고, `jax.grad` 결과와 비교했습니다.
#
# 손실 $L = \frac{1}{n}\sum (w x_i + b - y_i)^2$ 이면
# $\partial L/\partial w = \frac{2}{n}\sum r_i x_i$, $\partial L/\partial b = \frac{2}{n}\sum r_i$ ($r_i = w x_i + b - y_i$).

# %%
import numpy as np
import jax
import jax.numpy as jnp

# %% [markdown]
# ## 문제 1: pure_update
# `.at` 대신 마스크로 해 봤다. `i % n`은 음수 인덱스도 뒤에서부터 세어 준다 (tracer여도 OK).

# %%
def pure_update(x, i, value):
    x = jnp.asarray(x)
    n = x.shape[0]
    hit = jnp.arange(n) == (i % n)
    hit = hit.reshape((n,) + (1,) * (x.ndim - 1))  # 2차원이면 행 전체로 broadcast
    return jnp.where(hit, jnp.asarray(value, dtype=x.dtype), x)


# %%
a = np.arange(6, dtype=np.float32).reshape(2, 3)
print(pure_update(a, -1, 7.0))
print(pure_update(a[0], 1, -1.0))
print(a)  # 그대로

# %% [markdown]
# ## 문제 2: scatter_add
# 원-핫 행렬로 더하기: `updates @ one_hot`이면 같은 인덱스끼리 자연스럽게 합쳐진다.

# %%
def scatter_add(x, indices, updates):
    x = jnp.asarray(x)
    one_hot = jax.nn.one_hot(indices, x.shape[0], dtype=x.dtype)  # (m, n)
    return x + jnp.sum(one_hot * jnp.asarray(updates)[:, None], axis=0)


# %%
print(scatter_add(np.zeros(4, np.float32), np.array([0, 2, 0], np.int32), np.array([1.0, 2.0, 3.0], np.float32)))
print(jnp.zeros(4).at[jnp.array([0, 2, 0])].add(jnp.array([1.0, 2.0, 3.0])))

# %% [markdown]
# ## 문제 3, 4: 손으로 유도한 기울기

# %%
def loss_and_grad(theta, x, y):
    w, b = theta[0], theta[1]
    r = w * x + b - y
    loss = jnp.mean(r ** 2)
    grad = jnp.stack([2.0 * jnp.mean(r * x), 2.0 * jnp.mean(r)])
    return loss, grad


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


# %% 검산: jax.grad와 같은지
def _mse(theta, x, y):
    return jnp.mean((theta[0] * x + theta[1] - y) ** 2)


rng = np.random.default_rng(0)
x_chk = rng.normal(size=20).astype(np.float32)
y_chk = rng.normal(size=20).astype(np.float32)
th = jnp.array([0.3, -1.2])
mine = loss_and_grad(th, x_chk, y_chk)
auto = jax.value_and_grad(_mse)(th, x_chk, y_chk)
print(mine, auto)
np.testing.assert_allclose(mine[1], auto[1], rtol=1e-5)

# %%
theta = jnp.zeros(2)
for _ in range(100):
    theta = update(theta, x_chk, 0.5 * x_chk + 2.0)
print(theta)  # 대략 [0.5, 2.0]
