#!/usr/bin/env python
# coding: utf-8

# # 과제 1: 가속된 NumPy로서의 JAX
# 
# JupyterLab에서 *File → Save and Export Notebook As → Executable Script*로 내보낸 파일입니다.

# In[ ]:


get_ipython().run_line_magic('config', "InlineBackend.figure_format = 'retina'")
get_ipython().run_line_magic('matplotlib', 'inline')


# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify


# ## 2. JAX 배열은 바꿀 수 없습니다: `.at`으로 새 배열을 만드세요

# ### 문제 1. `pure_update(x, i, value)` (6점)

# In[2]:


def pure_update(x, i, value):
    """``x[i]`` 를 ``value`` 로 바꾼 **새 배열** 을 돌려줍니다.

    JAX 배열은 불변(immutable)이므로 ``x[i] = value`` 처럼 그 자리에서 바꿀 수 없습니다. 대신
    ``x.at[i].set(value)`` 는 바뀐 사본을 돌려주고 원래 배열은 그대로 둡니다. 입력이 NumPy 배열이어도
    ``jnp.asarray`` 로 JAX 배열을 만든 뒤 갱신하므로 입력은 절대 바뀌지 않습니다.

    - 1차원 ``x``: 원소 하나가 바뀝니다.
    - 2차원 ``x``: ``x[i]`` 는 행 전체이므로 행 전체가 ``value`` 로 채워집니다(브로드캐스팅).
    - ``i`` 가 음수이면 뒤에서부터 셉니다. jit 아래에서 ``i`` 가 추적 값이어도 JAX가 음수 인덱스를
      정규화해 주므로 ``if i < 0:`` 같은 파이썬 분기가 필요 없습니다.
    """
    return jnp.asarray(x).at[i].set(value)


# ### 문제 2. `scatter_add(x, indices, updates)` (6점)

# In[3]:


def scatter_add(x, indices, updates):
    """``indices`` 의 각 위치에 ``updates`` 를 더한 새 배열을 돌려줍니다.

    원-핫 행렬 ``one_hot[k, j] = (indices[k] == j)`` 을 만들고 ``updates @ one_hot`` 으로 위치별 합을
    구합니다. 같은 인덱스가 여러 번 나오면 그 열에 1이 여러 번 있으므로 갱신값이 모두 **누적** 됩니다.
    ``x.at[indices].add(updates)`` 와 같은 결과입니다. 행렬 곱은 정밀도를 최고로 둡니다.
    """
    x = jnp.asarray(x)
    one_hot = jax.nn.one_hot(indices, x.shape[0], dtype=x.dtype)
    return x + jnp.einsum("k,kn->n", updates, one_hot, precision=lax.Precision.HIGHEST)


# In[4]:


print(scatter_add(np.zeros(4, np.float32), np.array([0, 2, 0], np.int32), np.array([1.0, 2.0, 3.0], np.float32)))


# ## 3. `grad`와 `value_and_grad`

# In[5]:


@jax.tree_util.register_pytree_node_class
class LinearModel:
    """``y ≈ w * x + b`` 꼴의 1차 모델. pytree로 등록해 두면 jit/grad에 그대로 넘길 수 있습니다."""

    def __init__(self, w, b):
        self.w = w
        self.b = b

    def __call__(self, x):
        return self.w * x + self.b

    def tree_flatten(self):
        return (self.w, self.b), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

    @classmethod
    def from_theta(cls, theta):
        return cls(theta[0], theta[1])

    def __repr__(self):
        return f"LinearModel(w={self.w}, b={self.b})"


def squared_error(theta, x, y):
    """평균 제곱 오차 ``mean((w*x + b - y)**2)``. ``theta = [w, b]``."""
    model = LinearModel.from_theta(theta)
    return jnp.mean(jnp.square(model(x) - y))


# ### 문제 3. `loss_and_grad(theta, x, y)` (7점)

# In[6]:


def loss_and_grad(theta, x, y):
    """``(손실, 기울기)`` 를 한 번에 돌려줍니다.

    ``jax.value_and_grad`` 는 첫 번째 인자(``theta``)에 대해 미분합니다. 보조 함수 ``squared_error`` 는
    모듈 수준의 *함수* 이므로 호출할 때마다 새로 만들지 않고, 따라서 다시 컴파일될 일도 없습니다.
    """
    theta = jnp.asarray(theta, dtype=jnp.float32)
    return jax.value_and_grad(squared_error)(theta, x, y)


# ### 문제 4. `update(theta, x, y, lr=0.1)` (6점)

# In[7]:


def update(theta, x, y, lr=0.1):
    """경사 하강법 한 단계. 기울기의 **반대** 방향으로 ``lr`` 만큼 움직입니다."""
    _, grad = loss_and_grad(theta, x, y)
    return jnp.asarray(theta) - lr * grad


# In[8]:


# checkify로 NaN/0으로 나누기 검사를 켜서 한 번 돌려 봅니다 (데모)
checked = checkify.checkify(jax.jit(loss_and_grad), errors=checkify.float_checks)
err, (loss, grad) = checked(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
err.throw()
print(loss, grad)


# In[9]:


get_ipython().run_cell_magic('time', '', 'theta = jnp.zeros(2)\nxs = jnp.linspace(-1, 1, 50)\nys = 3 * xs + 0.5\nfor _ in range(300):\n    theta = update(theta, xs, ys)\nprint(theta)\n')


# In[10]:


if __name__ == "__main__":
    loss, grad = loss_and_grad(jnp.array([0.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
    assert np.isclose(float(loss), 1.0)
    assert np.allclose(np.asarray(grad), [-3.0, -2.0])
    assert np.allclose(np.asarray(update(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))), [0.3, 0.2])
    print(LinearModel.from_theta(jnp.array([1.0, 2.0])))
    print("ok")

