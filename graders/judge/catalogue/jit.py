"""Assignment `jit`: compiling with jit, static shapes and static arguments."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Exercise, Misconception
from solutions import jit as reference

from ..checks import (
    Correctness,
    Jit,
    JitCompiled,
    JitSpeedup,
    NoGlobals,
    NoMutation,
    NoRecompilation,
    SpeedupSpec,
    TimingProfile,
)
from ..strategies import ANY_SHAPE_EXTRAS, contract_float32_arrays, float32_arrays, shapes

# The largest magnitude an "any float32" input is drawn with: far past any demonstration, with room
# left below float32's largest (3.4e38) for the function's own arithmetic.
_ANY_VALUE = 1e30

# The formula `norm` computes, said once: the statement, the summary and the un-jitted baseline
# that `jit_speedup` times all read it here (a test holds the solution to the same expression).
NORM_FORMULA = "(X - X.mean(0)) / X.std(0)"

_NORM_BASELINE = f'''
def eager_norm(X):
    return {NORM_FORMULA}
'''


# Columns as data has them: centred or far from 0 (a price, a temperature in kelvin), spread wide or
# narrow. A large mean next to a small spread is what float32 cancellation needs to show: E[x²] − E[x]²
# in place of the variance, or an epsilon added under the square root, pass on centred unit columns
# and fail here. The first option of each is the plain one, so a shrunk input keeps the offset or
# the scale only where the mistake needs it.
_NORM_OFFSETS = (0.0, 1000.0)
_NORM_SPREADS = (1.0, 0.01)


@st.composite
def _norm_calls(draw: st.DrawFn) -> Call:
    n, d = draw(shapes((8, 3), (32, 5)))
    offset = draw(st.sampled_from(_NORM_OFFSETS))
    spread = draw(st.sampled_from(_NORM_SPREADS))
    noise = draw(float32_arrays((n, d), -5, 5))
    # A ramp down the rows keeps every column far from constant, so std(0) is well away from 0. Each
    # column starts it at another row, so that even with the noise shrunk to zeros no row is constant
    # and no two columns are equal: a row-wise or whole-array mistake still shows as itself.
    ramp = np.linspace(-4.0, 4.0, n, dtype=np.float32)
    ramps = np.stack([np.roll(ramp, column) for column in range(d)], axis=1)
    X = ((noise + ramps) * np.float32(spread) + np.float32(offset)).astype(np.float32)
    assume(float(X.std(0).min()) > 0.5 * spread)
    return Call((X,))


@st.composite
def _any_shape_calls(draw: st.DrawFn, options: tuple[tuple[int, ...], ...]) -> Call:
    # "Any shape of float32": the demonstration's shapes first, then a 0-d array and a single element, with
    # values over the whole finite range, both zeros among them.
    shape = draw(shapes(*options, *ANY_SHAPE_EXTRAS))
    return Call((draw(contract_float32_arrays(shape, _ANY_VALUE)),))


@st.composite
def _maybe_negate_calls(draw: st.DrawFn) -> Call:
    return Call((draw(float32_arrays(draw(shapes((4,), (2, 3))))), draw(st.booleans())))


# Wrong answers students give for `norm`, each as the formula it computes (run by the judge on the
# failing input) and what it means. In jax.numpy, as the student's would be: a constant row gives
# JAX's exact 0/0 = nan where NumPy's float32 mean leaves a rounding error.
def _centred(X: Any, axis: int | None) -> Any:
    X = jnp.asarray(X)
    return X - X.mean(axis, keepdims=axis is not None)


NORM_MISCONCEPTIONS = (
    Misconception(
        compute=lambda X: _centred(X, 0) / jnp.asarray(X).std(0, ddof=1),
        says={"en": "your result equals the formula with `X.std(0, ddof=1)`, the sample standard deviation. "
                    "The statement asks for the population one: `X.std(0)` (ddof=0).",
              "ko": "결과가 표본 표준편차 `X.std(0, ddof=1)`로 나눈 값과 같습니다. 문제는 모집단 표준편차(ddof=0)인 "
                    "`X.std(0)`으로 나누라고 요구합니다."},
        marker=r"ddof\s*=\s*1|-\s*1\)",
    ),
    Misconception(
        compute=lambda X: _centred(X, 1) / jnp.asarray(X).std(1, keepdims=True),
        says={"en": "your result standardises each row (axis 1). The statement asks for each column: "
                    "`X.mean(0)` and `X.std(0)`.",
              "ko": "결과가 각 행(axis 1)을 표준화한 값입니다. 문제는 각 열을 표준화하라고 요구합니다: "
                    "`X.mean(0)`, `X.std(0)`."},
        marker=r"axis=1|\.(mean|std)\(1",
    ),
    Misconception(
        compute=lambda X: _centred(X, None) / jnp.asarray(X).std(),
        says={"en": "your result uses one mean and one standard deviation for the whole array. The statement "
                    "asks for one per column: `X.mean(0)` and `X.std(0)`.",
              "ko": "배열 전체에 평균 하나와 표준편차 하나를 썼습니다. 문제는 열마다 평균과 표준편차를 하나씩 "
                    "요구합니다: `X.mean(0)`, `X.std(0)`."},
        marker=r"\.(mean|std)\(\)|\b(mean|std)\(X\)",
    ),
    Misconception(
        # Compiled, as the student's is: the rounding that cancellation leaves depends on the order XLA
        # sums in, and only the same order leaves the same digits.
        compute=jax.jit(lambda X: _centred(X, 0) / jnp.sqrt((X ** 2).mean(0) - X.mean(0) ** 2)),
        says={"en": "your result divides by sqrt(E[x²] − E[x]²). In float32 that difference of two large, nearly "
                    "equal numbers cancels: a column whose mean is large next to its spread loses its variance to "
                    "rounding. Subtract the mean first and square what is left, as `X.std(0)` does.",
              "ko": "결과가 sqrt(E[x²] − E[x]²)로 나눈 값입니다. float32에서 크고 거의 같은 두 수를 "
                    "빼면 유효 자릿수가 상쇄되어, 값의 흩어짐에 비해 평균이 큰 열은 반올림 오차로 분산을 "
                    "잃습니다. `X.std(0)`처럼 평균을 먼저 빼고 남은 값을 제곱하세요."},
        # The subtraction: a minus with a square after it (`m2 - m ** 2`, `mean_sq - mean * mean`).
        marker=r" - .*(\*\* 2|\* \w+)",
    ),
    Misconception(
        compute=lambda X: _centred(X, 0) / jnp.sqrt(jnp.asarray(X).var(0) + 1e-5),
        says={"en": "your result divides by sqrt(var + ε) with a small ε, as layer normalisation does. Here it "
                    "changes every column whose variance is small: the statement divides by `X.std(0)` exactly, "
                    "with nothing added.",
              "ko": "결과가 레이어 정규화(layer normalization)처럼 작은 ε을 더한 sqrt(분산 + ε)로 "
                    "나눈 값입니다. 그 때문에 분산이 작은 열은 값이 달라집니다. 문제는 아무것도 더하지 않은 "
                    "`X.std(0)`으로 정확히 나누라고 요구합니다."},
        marker=r"\+\s*\d*\.?\d+e-\d+|\beps\b|\bepsilon\b",
    ),
    Misconception(
        compute=lambda X: _centred(X, 0),
        says={"en": "your result is centred but not divided by the standard deviation: divide by `X.std(0)`.",
              "ko": "평균을 빼기만 하고 표준편차로 나누지 않았습니다. `X.std(0)`으로 나누세요."},
        marker=r"^return",
    ),
)

NORM = Exercise(
    name="norm",
    reference=reference.norm,
    inputs=_norm_calls(),
    checks=(
        Correctness(3),
        Jit(1),
        JitCompiled(1),
        NoRecompilation(1),
        NoMutation(1),
        NoGlobals(1),
        # CPU: a small input, where dispatch dominates and jit's fusion shows; 100 calls a batch, so the
        # work outweighs the round trip. Accelerator: 50 calls
        # dispatched and finished once at 1024x256, where launch latency no longer hides the work
        # (../shared/measurements/h100-speedup.md: formula 4.4x faster jitted on an H100).
        JitSpeedup(2, SpeedupSpec(
            baseline_source=_NORM_BASELINE,
            baseline_name="eager_norm",
            profiles={"cpu": TimingProfile((16, 4), calls=100),
                      "accelerator": TimingProfile((1024, 256), calls=50, clock="wall",
                                                    commitment="device")},
        )),
    ),
    misconceptions=NORM_MISCONCEPTIONS,
    summary={
        "en": f"column-standardise X: {NORM_FORMULA}, jit-compiled as submitted",
        "ko": f"X의 열 표준화: {NORM_FORMULA}, 제출 시 jit으로 컴파일되어 있어야 함",
    },
)

NEGATIVES = Exercise(
    name="negatives",
    reference=reference.negatives,
    inputs=_any_shape_calls(((5,), (2, 3), (2, 2, 2))),
    checks=(Correctness(2), Jit(2), NoRecompilation(1), NoMutation(1), NoGlobals(1)),
    summary={
        "en": "x's negative entries, zeros elsewhere, same shape as x (jit-safe x[x < 0])",
        "ko": "x의 음수 원소는 그대로 두고 나머지는 0으로 채운, x와 같은 shape의 배열(jit에서도 안전한 x[x < 0])",
    },
)

FLATTEN = Exercise(
    name="flatten",
    reference=reference.flatten,
    # No 0-d array: `np.prod(())` is the float 1.0, and a 0-d input would fail `correctness`, the gate,
    # for that edge alone, where the lesson is the traced shape `jit` checks.
    inputs=_any_shape_calls(((4,), (2, 3), (2, 3, 2))),
    checks=(Correctness(2), Jit(2), NoMutation(1), NoGlobals(1)),
    summary={
        "en": "x as a 1-D array of x.size elements, working inside jax.jit",
        "ko": "x를 x.size개 원소의 1차원 배열로 반환, jax.jit 안에서도 동작",
    },
)

MAYBE_NEGATE = Exercise(
    name="maybe_negate",
    reference=reference.maybe_negate,
    inputs=_maybe_negate_calls(),
    static_argnames=("neg",),
    checks=(Correctness(2), JitCompiled(1), Jit(1), NoRecompilation(1), NoMutation(1), NoGlobals(1)),
    summary={
        "en": "-x if the Python bool neg else x, as a jit-compiled function (neg static)",
        "ko": "Python bool인 neg가 참이면 -x, 아니면 x; jit으로 컴파일된 함수(neg는 정적 인자)",
    },
)

ASSIGNMENT = Assignment(
    name="jit",
    title={"en": "Thinking in JAX: jit, tracing and static values", "ko": "JAX답게 생각하기: jit, 추적, 정적 값"},
    exercises=(NORM, NEGATIVES, FLATTEN, MAYBE_NEGATE),
)
