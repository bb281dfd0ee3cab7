#!/usr/bin/env python
# coding: utf-8

# # 과제 3: 순수 함수와 그 함정
# 
# `jupyter nbconvert --to script purity.ipynb` 로 내보냈습니다.

# In[1]:


get_ipython().system('nvidia-smi -L || true')
get_ipython().system('pip list | grep -i jax')


# In[2]:


from functools import partial
import logging
import os
import sys
import warnings

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", True)          # 노트북 전체를 64비트로
jax.config.update("jax_default_matmul_precision", "highest")

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
log = logging.getLogger("purity")
warnings.filterwarnings("ignore", category=FutureWarning)
warnings.filterwarnings("ignore", module="jax")

log.info("python %s, jax %s, x64=%s", sys.version.split()[0], jax.__version__, jax.config.jax_enable_x64)
log.info("XLA_FLAGS=%r", os.environ.get("XLA_FLAGS"))


# ## 1. 전역 변수는 추적 시점에 고정됩니다

# In[3]:


offset = 0.0

@jax.jit
def add_offset(x):
    return x + offset          # 순수하지 않습니다: 전역 변수를 읽습니다

print(add_offset(1.0))
offset = 10.0
print(add_offset(1.0))


# ### 문제 1. `sgd_step(params, grads, lr)` (7점)

# In[4]:


def _sgd_leaf(p, g, lr):
    return p - lr * g


def sgd_step(params, grads, lr):
    """각 잎에 대해 p - lr * g. tree_map은 새 트리를 만들고 입력 dict는 그대로 둡니다."""
    return jax.tree_util.tree_map(partial(_sgd_leaf, lr=lr), params, grads)


# In[5]:


params = {"dense": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}}
grads = jax.tree_util.tree_map(jnp.ones_like, params)
log.info("sgd_step -> %s", sgd_step(params, grads, 0.1))


# ## 3. `lax.fori_loop`: 펼쳐지지 않는 루프

# ### 문제 2. `horner(coeffs, x)` (9점)

# In[6]:


class Polynomial:
    """다항식 관련 함수 모음(계수는 최고차항부터)."""

    @staticmethod
    def evaluate(coeffs, x):
        """호너 방법. 누적값은 float64로 두어 반올림 오차를 줄입니다 (x64 켜 둠)."""
        def body(i, acc):
            return acc * x + coeffs[i]

        return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros(jnp.shape(x)))

    @staticmethod
    def derivative_coeffs(coeffs):
        k = coeffs.shape[0]
        return coeffs[:-1] * jnp.arange(k - 1, 0, -1)


horner = jax.jit(Polynomial.evaluate)


# In[7]:


c_demo = jnp.array([2.0, 0.0, -1.0], dtype=jnp.float32)
x_demo = jnp.array([0.0, 1.0, 2.0], dtype=jnp.float32)
horner_aot = horner.lower(c_demo, x_demo).compile()   # 같은 shape면 컴파일된 것을 그대로 씁니다
print(horner_aot(c_demo, x_demo), horner(c_demo, x_demo).dtype)
print(horner(Polynomial.derivative_coeffs(c_demo), x_demo))


# In[8]:


get_ipython().run_line_magic('timeit', 'horner(c_demo, x_demo).block_until_ready()')


# ## 4. `vmap`: 예제 하나짜리 함수를 배치로

# ### 문제 3. `per_example_grads(theta, x, y)` (8점)

# In[9]:


def example_loss(theta, xi, yi):
    w, b = theta
    return (w * xi + b - yi) ** 2


def per_example_grads(theta, x, y):
    # 스칼라 함수이므로 jacrev == grad. vmap으로 예제 축(0)에 대해 배치합니다.
    return jax.vmap(jax.jacrev(example_loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


# In[10]:


print(per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0])))


# ### 문제 4. `moving_average(x, window)` (8점)

# In[11]:


@partial(jax.jit, static_argnames=("window",))
def moving_average(x, window):
    x = jnp.asarray(x)
    kernel = jnp.ones(window, dtype=x.dtype) / window
    return jnp.convolve(x, kernel, mode="valid")


# In[12]:


rng = np.random.default_rng(42)
noisy = np.sin(np.linspace(0, 6, 100)) + 0.3 * rng.normal(size=100)
smooth = moving_average(noisy.astype(np.float32), 5)
log.info("smooth: %s ... (len %d)", np.round(np.asarray(smooth[:5]), 3), smooth.shape[0])


# In[13]:


if __name__ == "__main__":
    assert np.allclose(np.asarray(horner(jnp.array([2.0, 0.0, -1.0]), jnp.array([0.0, 1.0, 2.0]))), [-1, 1, 7])
    assert np.allclose(np.asarray(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2)), [1.5, 2.5, 3.5])
    out = per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0]))
    assert np.allclose(np.asarray(out), [[2.0, 2.0], [8.0, 4.0]])
    log.info("self-test passed")

