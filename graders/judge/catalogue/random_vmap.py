"""Assignment `random-vmap`: random keys and their splits, `vmap`'s axes, and a training loop in `fori_loop`.

Written from `jaxgrade course new`'s scaffold; docs/authoring.md explains each field.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Exercise, Misconception, Tolerance
from solutions import random_vmap as reference

from ..checks import (
    CompactTrace,
    Correctness,
    Distribution,
    Jit,
    KeyDiscipline,
    NoGlobals,
    NoMutation,
    TraceSizeSpec,
)
from ..strategies import float32_arrays, prng_keys, shapes

# ---------------------------------------------------------------------------------------------- init_layer


@st.composite
def _layer_calls(draw: st.DrawFn) -> Call:
    # Layer sizes as small networks have them; each pair compiles once (they are static), so a few.
    n_in, n_out = draw(shapes((8, 4), (16, 8), (3, 10)))
    return Call((draw(prng_keys()), n_in, n_out))


INIT_LAYER = Exercise(
    name="init_layer",
    reference=reference.init_layer,
    inputs=_layer_calls(),
    static_argnames=("n_in", "n_out"),
    # `distribution` is the gate of a random function: any right order of splits passes it.
    checks=(Distribution(3), KeyDiscipline(2), Jit(1), NoMutation(1), NoGlobals(1)),
    summary={
        "en": "W ~ N(0, 1/n_in), shape (n_in, n_out), and b ~ N(0, 0.01), shape (n_out,), from two keys split from key",
        "ko": "key를 둘로 나눈 키로 만든 (n_in, n_out) shape의 W ~ N(0, 1/n_in)과 (n_out,) shape의 b ~ N(0, 0.01)",
    },
)

# --------------------------------------------------------------------------------------------- batched_dot


@st.composite
def _dot_calls(draw: st.DrawFn) -> Call:
    # A square pair among them: there mapping B over the wrong axis computes a wrong number instead of failing.
    n, d = draw(shapes((4, 3), (3, 3), (5, 2)))
    return Call((draw(float32_arrays((n, d), -3.0, 3.0)), draw(float32_arrays((d, n), -3.0, 3.0))))


def _fixed(shape: tuple[int, ...], seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


BATCHED_DOT_MISCONCEPTIONS = (
    Misconception(
        compute=lambda A, B: jnp.asarray(A) @ jnp.asarray(B),
        says={"en": "your result is the whole matrix `A @ B`, of shape (n, n). The statement asks for one number "
                    "per i, `A[i] · B[:, i]`: map `jnp.dot` with `jax.vmap(jnp.dot, in_axes=(0, 1))`.",
              "ko": "결과가 (n, n) shape인 행렬 `A @ B` 전체입니다. 문제는 i마다 수 하나, `A[i] · B[:, i]`를 "
                    "요구합니다: `jax.vmap(jnp.dot, in_axes=(0, 1))`로 `jnp.dot`을 매핑하세요."},
        marker=r"@|\bmatmul\b|\bdot\(A, B\)",
    ),
    Misconception(
        compute=lambda A, B: jnp.sum(jnp.asarray(A) * jnp.asarray(B), axis=1),
        says={"en": "your result pairs row i of A with row i of B, mapping both over axis 0. B holds its vectors "
                    "in columns: map it over axis 1, `in_axes=(0, 1)`.",
              "ko": "결과가 A의 i번째 행과 B의 i번째 행을 짝지었습니다(둘 다 축 0으로 매핑). B는 벡터를 열에 "
                    "담고 있으니 축 1로 매핑하세요: `in_axes=(0, 1)`."},
        marker=r"in_axes|vmap",
    ),
)

BATCHED_DOT = Exercise(
    name="batched_dot",
    reference=reference.batched_dot,
    inputs=_dot_calls(),
    checks=(
        Correctness(3),
        Jit(1),
        CompactTrace(1, TraceSizeSpec(
            call=lambda n: Call((_fixed((n, 3), 1), _fixed((3, n), 2))),
            describe={"en": "the number of rows of A", "ko": "A의 행 개수"},
            construct="jax.vmap",
        )),
        NoMutation(1),
        NoGlobals(1),
    ),
    misconceptions=BATCHED_DOT_MISCONCEPTIONS,
    summary={
        "en": "out[i] = A[i] · B[:, i] for A of shape (n, d) and B of shape (d, n), with vmap and no Python loop",
        "ko": "(n, d) shape인 A와 (d, n) shape인 B에 대해 out[i] = A[i] · B[:, i]; Python 루프 없이 vmap으로",
    },
)

# ----------------------------------------------------------------------------------------------------- fit


@st.composite
def _fit_calls(draw: st.DrawFn) -> Call:
    n, d = draw(shapes((8, 2), (16, 3)))
    X = draw(float32_arrays((n, d), -1.0, 1.0))
    theta = draw(float32_arrays((d,), -1.0, 1.0))
    y = draw(float32_arrays((n,), -2.0, 2.0))
    # Rates that converge on these inputs (the loss's curvature stays below 2 / 0.3); zero steps among the
    # lengths, where the answer is theta itself.
    lr = draw(st.sampled_from((0.1, 0.01, 0.3)))
    steps = draw(st.integers(0, 20))
    return Call((theta, X, y, lr, steps))


def _descent(theta: Any, X: Any, y: Any, lr: float, steps: int, gradient: Any) -> Any:
    theta, X, y = (jnp.asarray(value, jnp.float32) for value in (theta, X, y))
    for _ in range(steps):
        theta = theta - lr * gradient(theta, X, y)
    return theta


def _mse_gradient(theta: Any, X: Any, y: Any) -> Any:
    return 2.0 * X.T @ (X @ theta - y) / X.shape[0]


FIT_MISCONCEPTIONS = (
    Misconception(
        compute=lambda theta, X, y, lr, steps: _descent(theta, X, y, lr, max(steps - 1, 0), _mse_gradient),
        says={"en": "your result took one step fewer than `steps`. `lax.fori_loop(0, steps, ...)` runs the body "
                    "for i = 0, ..., steps - 1: exactly `steps` times.",
              "ko": "결과가 `steps`보다 한 걸음 덜 갔습니다. `lax.fori_loop(0, steps, ...)`는 i = 0, ..., "
                    "steps - 1에 대해, 정확히 `steps`번 본문을 실행합니다."},
        marker=r"steps\s*-\s*1|\b1, steps\b",
    ),
    Misconception(
        compute=lambda theta, X, y, lr, steps: _descent(theta, X, y, lr, steps + 1, _mse_gradient),
        says={"en": "your result took one step more than `steps`. `lax.fori_loop(0, steps, ...)` runs the body "
                    "exactly `steps` times; a bound of `steps + 1` runs it once more.",
              "ko": "결과가 `steps`보다 한 걸음 더 갔습니다. `lax.fori_loop(0, steps, ...)`는 본문을 정확히 "
                    "`steps`번 실행합니다. 상한이 `steps + 1`이면 한 번 더 실행합니다."},
        marker=r"steps\s*\+\s*1",
    ),
    Misconception(
        compute=lambda theta, X, y, lr, steps: _descent(
            theta, X, y, lr, steps, lambda t, X, y: X.shape[0] * _mse_gradient(t, X, y)),
        says={"en": "your result descends the sum of squared errors, n times the mean's gradient. The statement's "
                    "loss is the mean: `jnp.mean((X @ theta - y) ** 2)`.",
              "ko": "결과가 오차 제곱의 합을 내려갔습니다. 기울기가 평균의 n배입니다. 문제의 손실은 평균입니다: "
                    "`jnp.mean((X @ theta - y) ** 2)`."},
        marker=r"\bsum\b",
    ),
    Misconception(
        compute=lambda theta, X, y, lr, steps: _descent(
            theta, X, y, lr, steps, lambda t, X, y: -_mse_gradient(t, X, y)),
        says={"en": "your result climbs the loss: it adds `lr` times the gradient. Gradient descent subtracts it: "
                    "`theta - lr * g`.",
              "ko": "결과가 손실을 올라갔습니다: 기울기의 `lr`배를 더했습니다. 경사 하강은 빼야 합니다: "
                    "`theta - lr * g`."},
        marker=r"\+\s*lr\b",
    ),
    Misconception(
        compute=lambda theta, X, y, lr, steps: _descent(
            theta, X, y, lr, steps, lambda t, X, y: _mse_gradient(t, X, y) / 2.0),
        says={"en": "your gradient lacks the factor 2 of the square: d/dθ mean((Xθ − y)²) = 2 Xᵀ(Xθ − y) / n. "
                    "`jax.grad` of the loss gets it right for you.",
              "ko": "기울기에 제곱에서 나오는 2가 빠졌습니다: d/dθ mean((Xθ − y)²) = 2 Xᵀ(Xθ − y) / n. "
                    "손실에 `jax.grad`를 쓰면 알아서 맞게 계산됩니다."},
        marker=r"\.T\b|transpose",
    ),
)

FIT = Exercise(
    name="fit",
    reference=reference.fit,
    inputs=_fit_calls(),
    static_argnames=("steps",),
    # Each call traces its loop again (an eager `lax.fori_loop` compiles its body every call): 12 inputs, each
    # as NumPy and as JAX arrays, cost a grading about a second where 25 cost two; a shrunk failure is as small.
    max_examples=12,
    # Twenty steps of float32 descent, by another route (a closed-form gradient, `lax.scan`), differ from the
    # reference's in the last digits.
    tolerance=Tolerance(rtol=1e-4, atol=1e-4),
    checks=(
        Correctness(3),
        Jit(1),
        CompactTrace(2, TraceSizeSpec(
            call=lambda n: Call((_fixed((3,), 3), _fixed((16, 3), 4), _fixed((16,), 5), 0.1, n)),
            describe={"en": "the number of steps", "ko": "걸음 수"},
            construct="jax.lax.fori_loop",
        )),
        NoMutation(1),
        NoGlobals(1),
    ),
    misconceptions=FIT_MISCONCEPTIONS,
    summary={
        "en": "theta after steps of gradient descent on mean((X @ theta - y) ** 2) with rate lr, in lax.fori_loop",
        "ko": "mean((X @ theta - y) ** 2)에 학습률 lr로 경사 하강을 steps번 한 뒤의 theta, lax.fori_loop로",
    },
)

ASSIGNMENT = Assignment(
    name="random-vmap",
    title={"en": "Random numbers and vmap", "ko": "난수와 vmap"},
    exercises=(INIT_LAYER, BATCHED_DOT, FIT),
)
