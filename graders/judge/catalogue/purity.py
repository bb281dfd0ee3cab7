"""Assignment `purity`: pure functions, pytrees, loops and batching the JAX way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Exercise, Misconception
from solutions import purity as reference

from ..checks import (
    CompactTrace,
    Correctness,
    Jit,
    JitCompiled,
    NoGlobals,
    NoMutation,
    NoRecompilation,
    TraceSizeSpec,
)
from ..strategies import ANY_SHAPE_EXTRAS, contract_float32_arrays, float32_arrays, float32s, shapes

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


_HORNER_SHAPES: tuple[tuple[tuple[int], tuple[int, ...]], ...] = (
    ((1,), (4,)), ((3,), (2, 3)), ((6,), (4,)), ((3,), ANY_SHAPE_EXTRAS[0]), ((6,), ANY_SHAPE_EXTRAS[1]),
    ((1,), (2, 3)))


@st.composite
def _horner_calls(draw: st.DrawFn) -> Call:
    # Pairs of shapes, not every combination, so the exercise compiles a bounded number of times. `x`: any
    # shape of float32 (a 0-d array and one element among them), with values past the demonstrations' (up
    # to 1e3), where a polynomial of degree 5 stays far inside float32 with any order of evaluation.
    (k,), x_shape = draw(st.sampled_from(_HORNER_SHAPES))
    return Call((draw(float32_arrays((k,), -3, 3)), draw(contract_float32_arrays(x_shape, 1e3, everyday=1.5))))


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


def _padded_average(mode: Literal["same", "full"]) -> Callable[[Any, int], Any]:
    def average(x: Any, window: int) -> Any:
        return np.convolve(np.asarray(x, np.float32), np.full(window, 1.0 / window, np.float32), mode=mode)

    return average


MOVING_AVERAGE_MISCONCEPTIONS = tuple(
    Misconception(
        compute=_padded_average(mode),
        says={"en": f"your result is as long as `mode='{mode}'` makes it: the ends are averaged over padding. The "
                    "statement asks for full windows only: `mode='valid'`, `len(x) - window + 1` values.",
              "ko": f"결과의 길이가 `mode='{mode}'`일 때와 같습니다. 양 끝에서는 패딩한 값까지 넣어 평균을 냈습니다. "
                    "문제는 윈도가 온전히 들어가는 위치의 평균만 요구합니다: "
                    "`mode='valid'`, 값 `len(x) - window + 1`개."},
        marker=r"mode=.(same|full)",
    )
    for mode in ("same", "full")
)


_REFERENCE_PER_EXAMPLE_GRADS: Callable[..., Any] = reference.per_example_grads  # the solutions carry no types


def _batch_gradient_repeated(theta: Any, x: Any, y: Any) -> np.ndarray:
    per_example = np.asarray(_REFERENCE_PER_EXAMPLE_GRADS(theta, x, y))
    return np.broadcast_to(per_example.mean(0), per_example.shape)


def _gradient_in_x(theta: Any, x: Any, y: Any) -> np.ndarray:
    """`jax.grad(loss, argnums=1)` per example: d (w x_i + b - y_i)**2 / d x_i = 2 r_i w, shape (n,)."""
    theta, x, y = (np.asarray(a, np.float32) for a in (theta, x, y))
    gradient: np.ndarray = 2 * (theta[0] * x + theta[1] - y) * theta[0]
    return gradient


PER_EXAMPLE_GRADS_MISCONCEPTIONS = (
    Misconception(
        compute=_batch_gradient_repeated,
        says={"en": "every row of your result is the gradient of the batch's mean loss, repeated. Each row should "
                    "be the gradient of that example's own loss: `jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))`.",
              "ko": "결과의 모든 행이 배치 평균 손실의 기울기 하나를 반복한 것입니다. 각 행은 그 예제 자체의 손실에 "
                    "대한 기울기여야 합니다: `jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))`."},
        marker=r"tile|broadcast_to|repeat|mean",
    ),
    Misconception(
        compute=_gradient_in_x,
        says={"en": "each value of your result is the gradient with respect to that example's `x` (`argnums=1`), "
                    "so you get shape (n,). Take it with respect to `theta`, the first argument: `jax.grad(loss)`, "
                    "giving shape (n, 2).",
              "ko": "결과의 각 값이 그 예제의 `x`에 대한 기울기(`argnums=1`)여서 shape가 (n,)입니다. 첫 번째 인자인 "
                    "`theta`에 대해 구하세요: `jax.grad(loss)`를 쓰면 shape가 (n, 2)가 됩니다."},
        marker=r"argnums\s*=\s*(1|\(1)",
    ),
)


def _reversed_polynomial(coeffs: Any, x: Any) -> np.ndarray:
    """The coefficients read lowest degree first: sum_i coeffs[i] * x**i."""
    return np.polyval(np.asarray(coeffs, np.float32)[::-1], np.asarray(x, np.float32))


HORNER_MISCONCEPTIONS = (
    Misconception(
        compute=_reversed_polynomial,
        says={"en": "your polynomial reads the coefficients in reverse, lowest degree first. `coeffs[0]` is the "
                    "highest degree: Horner's rule takes `acc * x + coeffs[i]` for i = 0, 1, ..., in order.",
              "ko": "다항식의 계수를 거꾸로, 즉 낮은 차수부터 읽었습니다. `coeffs[0]`이 최고차 계수입니다: 호너 "
                    "방법은 i = 0, 1, ... 순서대로 `acc * x + coeffs[i]`를 계산합니다."},
        marker=r"\[::-1\]|-\s*1\s*-\s*\w+\]|-\s*\w+\s*-\s*1\]|flip\(|reversed\(",
    ),
)


SGD_STEP = Exercise(
    name="sgd_step",
    reference=reference.sgd_step,
    inputs=_sgd_calls(),
    checks=(Correctness(3), NoMutation(2), NoGlobals(1), Jit(1)),
    summary={
        "en": "a new pytree of p - lr * g for nested dicts of arrays; nothing passed in is modified",
        "ko": "배열을 담은 중첩 dict에 대해 p - lr * g인 새 pytree를 반환; 입력은 하나도 바꾸지 않음",
    },
)

HORNER = Exercise(
    name="horner",
    reference=reference.horner,
    inputs=_horner_calls(),
    checks=(
        Correctness(3),
        JitCompiled(1),
        CompactTrace(2, TraceSizeSpec(
            call=lambda k: Call((_fixed((k,), k), _fixed((4,), 0))),
            describe={"en": "the number of coefficients", "ko": "계수 개수"},
            construct="jax.lax.fori_loop",
        )),
        NoRecompilation(1),
        NoMutation(1),
        NoGlobals(1),
    ),
    misconceptions=HORNER_MISCONCEPTIONS,
    summary={
        "en": "evaluate the polynomial coeffs (highest degree first) at x with lax.fori_loop, jit-compiled",
        "ko": "계수가 coeffs(최고차항부터)인 다항식의 x에서의 값을 lax.fori_loop로 계산, jit으로 컴파일",
    },
)

PER_EXAMPLE_GRADS = Exercise(
    name="per_example_grads",
    reference=reference.per_example_grads,
    inputs=_per_example_calls(),
    checks=(
        Correctness(3),
        Jit(1),
        CompactTrace(2, TraceSizeSpec(
            call=lambda n: Call((_fixed((2,), 1), _fixed((n,), 2), _fixed((n,), 3))),
            describe={"en": "the number of examples", "ko": "예제 개수"},
            construct="jax.vmap",
        )),
        NoMutation(1),
        NoGlobals(1),
    ),
    misconceptions=PER_EXAMPLE_GRADS_MISCONCEPTIONS,
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
    checks=(Correctness(3), Jit(2), NoRecompilation(1), NoMutation(1), NoGlobals(1)),
    misconceptions=MOVING_AVERAGE_MISCONCEPTIONS,
    summary={
        "en": "means of every window consecutive entries (length n - window + 1); window is a static int",
        "ko": "연속한 window개 원소의 평균들(길이 n - window + 1); window는 정적 정수",
    },
)

ASSIGNMENT = Assignment(
    name="purity",
    title={"en": "Pure functions and their pitfalls", "ko": "순수 함수와 그 함정"},
    exercises=(SGD_STEP, HORNER, PER_EXAMPLE_GRADS, MOVING_AVERAGE),
)
