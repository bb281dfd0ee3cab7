"""과제 3 제출 (purity). 스크립트로 정리한 버전."""
from __future__ import annotations

import functools
import logging
from dataclasses import dataclass, field
from typing import Any, Dict

import jax
import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)

PyTree = Dict[str, Any]


@dataclass(frozen=True)
class Hyper:
    lr: float = 1e-2
    window: int = 5
    degree: int = 3


def _sgd_leaf(p, g, lr):
    return p - lr * g


def sgd_step(params: PyTree, grads: PyTree, lr: float) -> PyTree:
    """params의 각 잎에서 lr * grad를 뺀 새 트리."""
    return jax.tree_util.tree_map(functools.partial(_sgd_leaf, lr=lr), params, grads)


def _horner(coeffs: jax.Array, x: jax.Array) -> jax.Array:
    def body(i, acc):
        return acc * x + coeffs[i]

    init = jnp.zeros(jnp.shape(x), dtype=jnp.result_type(x))
    return lax.fori_loop(0, coeffs.shape[0], body, init)


horner = jax.jit(_horner)


def per_example_grads(theta: jax.Array, x: jax.Array, y: jax.Array) -> jax.Array:
    """예제별 (w*x_i + b - y_i)^2 의 theta 기울기, shape (n, 2)."""
    single = jax.grad(lambda th, xi, yi: (th[0] * xi + th[1] - yi) ** 2)
    return jax.vmap(single, in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x: jax.Array, window: int) -> jax.Array:
    """길이 window인 창의 평균들 (길이 n - window + 1)."""
    x = jnp.asarray(x)
    starts = jnp.arange(x.shape[0] - window + 1)
    return jax.vmap(lambda s: lax.dynamic_slice(x, (s,), (window,)).mean())(starts)


def main(h: Hyper = Hyper()) -> None:
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    params = {"layer": {"w": jax.random.normal(k1, (3,)), "b": jnp.zeros(())}}
    grads = jax.tree_util.tree_map(jnp.ones_like, params)
    print(sgd_step(params, grads, h.lr))
    coeffs = jax.random.normal(k2, (h.degree + 1,))
    print(horner(coeffs, jnp.linspace(-1, 1, 5)))
    print(per_example_grads(jnp.array([1.0, 0.5]), jnp.arange(4.0), jnp.zeros(4)))
    print(moving_average(jnp.arange(10.0), h.window))


if __name__ == "__main__":
    main()
