"""Assignment `purity`: pure functions, pytrees, loops and batching the JAX way."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from solutions import purity as reference

from ..checks.compact_trace import TraceSizeSpec
from ..registry import register_assignment
from ..spec import Assignment, Call, Exercise
from ..strategies import float32_arrays, float32s, shapes

# Fixed pytree layouts: nested dicts, as a model's parameters would be.
_LAYOUTS: tuple[dict[str, Any], ...] = (
    {"w": (3, 2), "b": (2,)},
    {"dense": {"w": (2, 2), "b": (2,)}, "scale": (1,)},
)


def _tree_of_arrays(layout: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    return {key: _tree_of_arrays(value, draw) if isinstance(value, dict) else draw(float32_arrays(value))
            for key, value in layout.items()}


@st.composite
def _sgd_calls(draw: st.DrawFn) -> Call:
    layout = draw(st.sampled_from(_LAYOUTS))
    return Call((_tree_of_arrays(layout, draw), _tree_of_arrays(layout, draw), draw(float32s(0.001, 1.0))))


@st.composite
def _horner_calls(draw: st.DrawFn) -> Call:
    (k,) = draw(shapes((1,), (3,), (6,)))
    x_shape = draw(shapes((4,), (2, 3)))
    return Call((draw(float32_arrays((k,), -3, 3)), draw(float32_arrays(x_shape, -1.5, 1.5))))


@st.composite
def _per_example_calls(draw: st.DrawFn) -> Call:
    (n,) = draw(shapes((3,), (8,)))
    return Call((draw(float32_arrays((2,), -3, 3)), draw(float32_arrays((n,), -3, 3)),
                 draw(float32_arrays((n,), -3, 3))))


@st.composite
def _moving_average_calls(draw: st.DrawFn) -> Call:
    (n,) = draw(shapes((8,), (16,)))
    return Call((draw(float32_arrays((n,))), draw(st.sampled_from([1, 3, 5]))))


def _fixed(shape: tuple[int, ...], seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


SGD_STEP = Exercise(
    name="sgd_step",
    reference=reference.sgd_step,
    inputs=_sgd_calls(),
    points={"correctness": 3, "no_mutation": 2, "no_globals": 1, "jit": 1},
    summary={
        "en": "a new pytree of p - lr * g for nested dicts of arrays; nothing passed in is modified",
        "ko": "배열을 담은 중첩 dict에 대해 p - lr * g인 새 pytree를 반환; 입력은 하나도 바꾸지 않음",
    },
)

HORNER = Exercise(
    name="horner",
    reference=reference.horner,
    inputs=_horner_calls(),
    points={"correctness": 3, "jit_compiled": 1, "compact_trace": 2, "no_recompilation": 1, "no_mutation": 1,
            "no_globals": 1},
    options={
        "compact_trace": TraceSizeSpec(
            call=lambda k: Call((_fixed((k,), k), _fixed((4,), 0))),
            describe={"en": "the number of coefficients", "ko": "계수 개수"},
            construct="jax.lax.fori_loop",
        )
    },
    summary={
        "en": "evaluate the polynomial coeffs (highest degree first) at x with lax.fori_loop, jit-compiled",
        "ko": "lax.fori_loop로 다항식 coeffs(최고차항부터)를 x에서 계산, jit으로 컴파일",
    },
)

PER_EXAMPLE_GRADS = Exercise(
    name="per_example_grads",
    reference=reference.per_example_grads,
    inputs=_per_example_calls(),
    points={"correctness": 3, "jit": 1, "compact_trace": 2, "no_mutation": 1, "no_globals": 1},
    options={
        "compact_trace": TraceSizeSpec(
            call=lambda n: Call((_fixed((2,), 1), _fixed((n,), 2), _fixed((n,), 3))),
            describe={"en": "the number of examples", "ko": "예제 개수"},
            construct="jax.vmap",
        )
    },
    summary={
        "en": "the (n, 2) gradients of (w*x_i + b - y_i)**2 for every example, batched with vmap",
        "ko": "각 예제의 (w*x_i + b - y_i)**2 기울기를 vmap으로 한 번에 구한 (n, 2) 배열",
    },
)

MOVING_AVERAGE = Exercise(
    name="moving_average",
    reference=reference.moving_average,
    inputs=_moving_average_calls(),
    static_argnames=("window",),
    points={"correctness": 3, "jit": 2, "no_recompilation": 1, "no_mutation": 1, "no_globals": 1},
    summary={
        "en": "means of every window consecutive entries (length n - window + 1); window is a static int",
        "ko": "연속한 window개 원소의 평균들(길이 n - window + 1); window는 정적 정수",
    },
)

register_assignment(
    Assignment(
        name="purity",
        title={"en": "Pure functions and their pitfalls", "ko": "순수 함수와 그 함정"},
        exercises=(SGD_STEP, HORNER, PER_EXAMPLE_GRADS, MOVING_AVERAGE),
    )
)
