"""Assignment 1 (jax-numpy) - 제출용 스크립트.

주피터에서 쓰던 코드를 .py로 정리했습니다. 타입 힌트와 docstring을 달았습니다.
"""
import functools
import logging
import collections
import dataclasses
import itertools
import json
import os
import pathlib
import pickle
import random
import sys
import time
import typing
from dataclasses import dataclass
from functools import partial, lru_cache, wraps
from typing import NamedTuple, Tuple

import numpy as np
import jax
import jax.numpy as jnp

logger = logging.getLogger("hw1")

Array = jax.Array


@dataclass(frozen=True)
class TrainConfig:
    lr: float = 0.1
    steps: int = 200
    seed: int = 0


class Batch(NamedTuple):
    x: Array
    y: Array


def with_doc(text: str):
    """docstring만 바꿔 주는 데코레이터 (functools.wraps로 이름은 유지)"""
    def deco(fn):
        @wraps(fn)
        def inner(*args, **kwargs):
            return fn(*args, **kwargs)
        inner.__doc__ = text
        return inner
    return deco


def pure_update(x: Array, i: int, value: float) -> Array:
    """x[i]를 value로 바꾼 새 배열 (x는 그대로)."""
    return jnp.array(x).at[i].set(value)


@with_doc("indices 위치에 updates를 더한다. 중복 인덱스는 누적.")
def scatter_add(x: Array, indices: Array, updates: Array) -> Array:
    out = jnp.zeros_like(x)
    out = out.at[indices].add(updates)
    return x + out


def mse(theta: Array, x: Array, y: Array) -> Array:
    w, b = theta[0], theta[1]
    return jnp.mean(jnp.square(w * x + b - y))


mse_value_and_grad = jax.jit(jax.value_and_grad(mse))


def loss_and_grad(theta: Array, x: Array, y: Array) -> Tuple[Array, Array]:
    """(loss, d loss / d theta)"""
    return mse_value_and_grad(theta, x, y)


def update(theta: Array, x: Array, y: Array, lr: float = 0.1) -> Array:
    """경사 하강법 한 단계"""
    loss, grad = loss_and_grad(theta, x, y)
    logger.debug("loss=%s", loss)
    return theta - lr * grad


def train(batch: Batch, config: TrainConfig = TrainConfig()) -> Array:
    theta = jnp.zeros(2)
    for step in range(config.steps):
        theta = update(theta, batch.x, batch.y, config.lr)
    return theta


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    cfg = TrainConfig()
    key = jax.random.PRNGKey(cfg.seed)
    xs = jax.random.normal(key, (64,))
    print(train(Batch(xs, 3 * xs - 1), cfg))
