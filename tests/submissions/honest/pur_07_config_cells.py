# %%
"""과제 3 — 설정 객체 여러 가지 써 보기 (VS Code 셀 모드)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from functools import partial
from typing import NamedTuple


# %% 설정: dict인데 점(.)으로도 접근
class AttrDict(dict):
    __getattr__ = lambda self, k: self[k]


# 설정: 키워드를 속성으로
class Settings:
    def __init__(self, **kw):
        for key, value in kw.items():
            setattr(self, key, value)


class LinearParams(NamedTuple):
    w: jax.Array
    b: jax.Array


cfg = AttrDict(lr=0.05, window=4, n=32)
settings = Settings(seed=1, degree=4)

# %% 문제 1
def sgd_step(params, grads, lr):
    return {
        k: sgd_step(v, grads[k], lr) if isinstance(v, dict) else v - lr * grads[k]
        for k, v in params.items()
    }


# %% 문제 2
@jax.jit
def horner(coeffs, x):
    x = jnp.asarray(x)
    result = lax.fori_loop(
        0, len(coeffs), lambda i, acc: acc * x + coeffs[i], jnp.zeros_like(x)
    )
    return result


# %% 문제 3
def _sq_loss(theta, xi, yi):
    pred = theta[0] * xi + theta[1]
    return (pred - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_sq_loss), in_axes=(None, 0, 0))(theta, x, y)


# %% 문제 4: window를 static으로 미리 jit
@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    csum = jnp.cumsum(jnp.asarray(x))
    # 앞에 0을 붙여서 csum[i + window] - csum[i]
    csum = jnp.concatenate([jnp.zeros(1, dtype=csum.dtype), csum])
    return (csum[window:] - csum[:-window]) / window


# %% 탐색
key = jax.random.PRNGKey(settings.seed)
xs = jax.random.normal(key, (cfg.n,))
ys = 2 * xs + 1
theta = jnp.zeros(2)
for _ in range(50):
    g = per_example_grads(theta, xs, ys).mean(0)
    theta = theta - cfg.lr * 2 * g
print(theta)

p = LinearParams(w=jnp.ones(3), b=jnp.zeros(()))
print(sgd_step(p._asdict(), p._asdict(), cfg.lr))

for name in ["sin", "cos", "tanh"]:
    fn = getattr(jnp, name)
    print(name, moving_average(fn(jnp.linspace(0, 3, 10)), cfg.window))
print(horner(jnp.arange(float(settings.degree + 1)), jnp.array([1.0, 2.0])))
