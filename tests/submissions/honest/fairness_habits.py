# 과제 2 (jit). 노트북 맨 위에 두는 습관들: 환경 변수, 경고, 로그, 출력 형식, x64, 그리고 디버깅용 print.
import os

os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import gc
import inspect
import logging
import warnings
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

warnings.filterwarnings("ignore", category=UserWarning)
logging.getLogger("jax").setLevel(logging.ERROR)
np.set_printoptions(precision=4, suppress=True)
jax.config.update("jax_enable_x64", True)


@jax.jit
def norm(X):
    print("tracing norm with", X.shape, X.dtype)  # 추적할 때 한 번만 찍힙니다
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    return (X - mean) / std


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


print(inspect.signature(maybe_negate))
print(norm(jnp.arange(6.0).reshape(3, 2)))
gc.collect()
