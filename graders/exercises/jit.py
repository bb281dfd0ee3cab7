"""Assignment `jit`: compiling with jit, static shapes and static arguments."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from solutions import jit as reference

from ..checks.jit_speedup import SpeedupSpec, TimingProfile
from ..registry import register_assignment
from ..spec import Assignment, Call, Exercise, Misconception
from ..strategies import float32_arrays, shapes

# The formula `norm` computes, said once: the statement, the summary and the un-jitted baseline
# that `jit_speedup` times all read it here (a test holds the solution to the same expression).
NORM_FORMULA = "(X - X.mean(0)) / X.std(0)"

_NORM_BASELINE = f'''
def eager_norm(X):
    return {NORM_FORMULA}
'''


@st.composite
def _norm_calls(draw: st.DrawFn) -> Call:
    n, d = draw(shapes((8, 3), (32, 5)))
    noise = draw(float32_arrays((n, d), -5, 5))
    # A ramp down the rows keeps every column far from constant, so std(0) is well away from 0.
    ramp = np.linspace(-4.0, 4.0, n, dtype=np.float32)[:, None]
    X = (noise + ramp).astype(np.float32)
    assume(float(X.std(0).min()) > 0.5)
    return Call((X,))


@st.composite
def _any_shape_calls(draw: st.DrawFn, options: tuple[tuple[int, ...], ...]) -> Call:
    return Call((draw(float32_arrays(draw(shapes(*options)))),))


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
              "ko": "결과가 표본 표준편차인 `X.std(0, ddof=1)`로 계산한 공식의 값과 같습니다. 문제에서 요구하는 "
                    "것은 모집단 표준편차 `X.std(0)`(ddof=0)입니다."},
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
    points={"correctness": 3, "jit": 1, "jit_compiled": 1, "no_recompilation": 1, "no_mutation": 1,
            "no_globals": 1, "jit_speedup": 2},
    options={
        # CPU: a small input, where dispatch dominates and jit's fusion shows; 100 calls a batch, so the
        # work outweighs the round trip. Accelerator: 50 calls
        # dispatched and finished once at 1024x256, where launch latency no longer hides the work
        # (../shared/measurements/h100-speedup.md: formula 4.4x faster jitted on an H100).
        "jit_speedup": SpeedupSpec(
            baseline_source=_NORM_BASELINE,
            baseline_name="eager_norm",
            profiles={"cpu": TimingProfile((16, 4), calls=100),
                      "accelerator": TimingProfile((1024, 256), calls=50, clock="wall")},
        )
    },
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
    points={"correctness": 2, "jit": 2, "no_recompilation": 1, "no_mutation": 1, "no_globals": 1},
    summary={
        "en": "x's negative entries, zeros elsewhere, same shape as x (jit-safe x[x < 0])",
        "ko": "x의 음수 원소는 그대로, 나머지는 0인 x와 같은 shape의 배열(jit에서 안전한 x[x < 0])",
    },
)

FLATTEN = Exercise(
    name="flatten",
    reference=reference.flatten,
    inputs=_any_shape_calls(((4,), (2, 3), (2, 3, 2))),
    points={"correctness": 2, "jit": 2, "no_mutation": 1, "no_globals": 1},
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
    points={"correctness": 2, "jit_compiled": 1, "jit": 1, "no_recompilation": 1, "no_mutation": 1, "no_globals": 1},
    summary={
        "en": "-x if the Python bool neg else x, as a jit-compiled function (neg static)",
        "ko": "Python bool인 neg가 참이면 -x, 아니면 x; jit으로 컴파일된 함수(neg는 정적 인자)",
    },
)

register_assignment(
    Assignment(
        name="jit",
        title={"en": "Thinking in JAX: jit, tracing and static values", "ko": "JAX답게 생각하기: jit, 추적, 정적 값"},
        exercises=(NORM, NEGATIVES, FLATTEN, MAYBE_NEGATE),
    )
)
