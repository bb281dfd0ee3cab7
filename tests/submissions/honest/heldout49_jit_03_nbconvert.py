#!/usr/bin/env python
# coding: utf-8

# # 과제 2: JAX답게 생각하기: jit, 추적, 정적 값
# 
# (Colab에서 작업한 노트북을 `jupyter nbconvert --to script`로 내보낸 파일입니다.)

# In[1]:


get_ipython().system('pip list 2>/dev/null | grep -i -E "^(jax|jaxlib|numpy) "')
get_ipython().run_line_magic('matplotlib', 'inline')
get_ipython().run_line_magic('load_ext', 'autoreload')
get_ipython().run_line_magic('autoreload', '2')


# In[2]:


from functools import partial
import logging
import warnings

import numpy as np
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
logger = logging.getLogger("jit_homework")
warnings.filterwarnings("ignore", category=DeprecationWarning)
warnings.filterwarnings("ignore", message=".*os.fork.*")

logger.info("jax %s on %s", jax.__version__, jax.default_backend())


# ## 1. `jax.jit`: 여러 연산을 하나의 컴파일된 프로그램으로

# In[3]:


def scale_shift(x):
    return 2.0 * x + 1.0

fast = jax.jit(scale_shift)
x = jnp.arange(6.0)
print(fast(x))
print(jax.make_jaxpr(scale_shift)(x))


# ### 문제 1. `norm(X)` (10점)

# In[4]:


@jax.jit
def norm(X):
    """각 열을 평균 0, 표준편차 1로 표준화합니다 (std는 ddof=0)."""
    with jax.named_scope("column_stats"):
        mean = X.mean(axis=0)
        std = X.std(axis=0)
    with jax.named_scope("standardize"):
        return (X - mean) / std


# In[5]:


rng = np.random.default_rng(0)
X_demo = rng.normal(loc=3.0, scale=2.0, size=(128, 4)).astype(np.float32)

# AOT: 한 번 lower/compile 해 두고 같은 shape에서 재사용
norm_compiled = norm.lower(X_demo).compile()
logger.info("compiled norm: %s", type(norm_compiled).__name__)
Z = norm_compiled(X_demo)
print(Z.mean(0), Z.std(0))


# In[6]:


get_ipython().run_line_magic('timeit', 'norm(X_demo).block_until_ready()')


# In[7]:


get_ipython().run_cell_magic('time', '', 'for _ in range(100):\n    Z = norm(X_demo).block_until_ready()\n')


# In[8]:


fig, axes = plt.subplots(1, 2, figsize=(8, 3))
axes[0].hist(np.asarray(X_demo).ravel(), bins=40)
axes[0].set_title("raw")
axes[1].hist(np.asarray(Z).ravel(), bins=40)
axes[1].set_title("normalized")
plt.tight_layout()
plt.show()


# ## 2. 정적인 shape, 추적되는 값

# ### 문제 2. `negatives(x)` (7점)

# In[9]:


def negatives(x):
    # 디버깅하면서 넣어 둔 출력: jit 안에서도 실제 값이 찍힙니다
    jax.debug.print("negatives: min={m}", m=jnp.min(x))
    return jnp.where(x < 0, x, 0.0)


# In[10]:


print(negatives(jnp.array([[1.0, -2.0], [-0.5, 3.0]])))
print(jax.jit(negatives)(jnp.array([1.0, -2.0])))


# ### 문제 3. `flatten(x)` (6점)

# In[11]:


def flatten(x):
    logging.getLogger(__name__).debug("flatten: shape=%s", jnp.shape(x))
    return jnp.reshape(x, (-1,))


# In[12]:


print(jax.jit(flatten)(jnp.arange(6.0).reshape(2, 3)).shape)


# ## 3. 정적 인자: `static_argnums`와 `static_argnames`

# ### 문제 4. `maybe_negate(x, neg)` (7점)

# In[13]:


@partial(jax.jit, static_argnames=("neg",))
def maybe_negate(x, neg):
    if neg:
        return jnp.negative(x)
    return x


# In[14]:


print(maybe_negate(jnp.array([1.0, -2.0]), True))
print(maybe_negate(jnp.array([1.0, -2.0]), neg=False))


# In[15]:


if __name__ == "__main__":
    X = jnp.array([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0]])
    out = np.asarray(norm(X))
    assert np.allclose(out.mean(0), 0.0, atol=1e-5)
    assert np.allclose(out.std(0), 1.0, atol=1e-5)
    assert np.allclose(np.asarray(negatives(jnp.array([1.0, -2.0]))), [0.0, -2.0])
    assert flatten(jnp.ones((2, 3))).shape == (6,)
    assert np.allclose(np.asarray(maybe_negate(jnp.array([1.0]), True)), [-1.0])
    logger.info("all local checks passed")

