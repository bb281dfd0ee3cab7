# 과제 1 (jax-numpy). 하이퍼파라미터는 설정 클래스에 모아 두고, 데모 루프에서 jnp 함수를 이름으로 꺼내 봅니다.
import threading  # 예전 실험에서 쓰던 import: 지금은 쓰지 않습니다

import jax
import jax.numpy as jnp


class Config:
    """실험 설정: 키워드 인자를 그대로 속성으로 둡니다."""

    def __init__(self, **values):
        for key, value in values.items():
            setattr(self, key, value)

    def replace(self, **changes):
        merged = dict(vars(self))
        merged.update(changes)
        return Config(**merged)

    def __repr__(self):
        fields = ", ".join(f"{key}={getattr(self, key)!r}" for key in sorted(vars(self)))
        return f"Config({fields})"


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _mse(theta, x, y):
    prediction = theta[0] * x + theta[1]
    return jnp.mean((prediction - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_mse)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


# 노트북에서 옮겨 온 데모
config = Config(lr=0.1, steps=3)
print(config.replace(steps=5))
for name in ("sin", "cos", "tanh", "exp"):
    f = getattr(jnp, name)
    print(name, float(f(0.5)))
theta = jnp.array([0.0, 0.0])
xs = jnp.linspace(-1.0, 1.0, 8)
ys = 2.0 * xs + 1.0
for _ in range(config.steps):
    theta = update(theta, xs, ys, lr=config.lr)
print("theta", theta)
