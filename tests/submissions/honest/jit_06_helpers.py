"""과제 2 (jit) 제출 파일.

노트북에서 옮겨 온 풀이. 실험할 때 쓰던 설정 클래스와 import가 조금 남아 있다.
"""
from __future__ import annotations

import functools
import itertools
import json
import logging
import os
import pathlib
import pickle
import random
import sys
import threading
import time
import typing
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HParams:
    """실험용 하이퍼파라미터 (바뀌지 않게 frozen)"""
    n: int = 256
    d: int = 8
    seed: int = 0


class Shape(NamedTuple):
    rows: int
    cols: int


class Config(dict):
    """cfg.key 로도 cfg["key"] 로도 쓸 수 있는 설정"""
    __getattr__ = lambda self, k: self[k]


CFG = Config(n=128, d=4, seed=7, verbose=False)
HP = HParams()


def documented(doc: str):
    """함수에 설명(docstring)만 붙여 주는 데코레이터"""
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs)
        wrapper.__doc__ = doc
        return wrapper
    return decorator


@jax.jit
def norm(X: jax.Array) -> jax.Array:
    """각 열을 평균 0, 표준편차 1로 (ddof=0)."""
    return (X - X.mean(axis=0)) / X.std(axis=0)


@documented("x의 음수 원소만 남기고 나머지는 0으로 (shape 유지).")
def negatives(x: jax.Array) -> jax.Array:
    logger.debug("negatives: shape=%s", jnp.shape(x))
    return jnp.where(x < 0, x, 0.0)


def flatten(x: jax.Array) -> jax.Array:
    """x를 1차원으로. (-1은 reshape가 정적으로 계산한다)"""
    return jnp.reshape(x, (-1,))


@functools.partial(jax.jit, static_argnames="neg")
def maybe_negate(x: jax.Array, neg: bool) -> jax.Array:
    # neg는 static이라 여기서 파이썬 if가 가능
    return jnp.negative(x) if neg else jnp.asarray(x)


def _demo() -> None:
    logging.basicConfig(level=logging.DEBUG if CFG.verbose else logging.INFO)
    key = jax.random.PRNGKey(HP.seed)
    shape = Shape(CFG.n, CFG.d)
    X = jax.random.normal(key, shape)
    Z = norm(X)
    logger.info("mean=%s std=%s", Z.mean(0), Z.std(0))
    logger.info("negatives=%s", negatives(X[:2]))
    logger.info("flatten=%s", flatten(X[:2]).shape)
    logger.info("maybe_negate=%s", maybe_negate(X[0], True))


if __name__ == "__main__":
    _demo()
