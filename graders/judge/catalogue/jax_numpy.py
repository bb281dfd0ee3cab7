"""Assignment `jax-numpy`: JAX as accelerated NumPy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Exercise, Misconception
from solutions import jax_numpy as reference

from ..checks import Correctness, Jit, NoGlobals, NoMutation, NoRecompilation
from ..strategies import float32_arrays, float32s, int32_arrays, shapes


@st.composite
def _pure_update_calls(draw: st.DrawFn) -> Call:
    shape = draw(shapes((5,), (3, 4)))
    x = draw(float32_arrays(shape))
    i = draw(st.integers(-shape[0], shape[0] - 1))
    return Call((x, i, draw(float32s())))


@st.composite
def _scatter_add_calls(draw: st.DrawFn) -> Call:
    n, m = draw(shapes((6, 4), (6, 8), (1, 3)))
    return Call((draw(float32_arrays((n,))), draw(int32_arrays((m,), 0, n - 1)), draw(float32_arrays((m,)))))


@st.composite
def _regression_data(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    (n,) = draw(shapes((4,), (16,)))
    return draw(float32_arrays((2,), -3, 3)), draw(float32_arrays((n,), -3, 3)), draw(float32_arrays((n,), -3, 3))


@st.composite
def _update_calls(draw: st.DrawFn) -> Call:
    args = draw(_regression_data())
    if draw(st.booleans()):
        return Call(args, {"lr": draw(float32s(0.001, 0.5))})
    return Call(args)


def _scatter_with_set(x: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
    """`x.at[indices].set(x[indices] + updates)`: with a repeated index, the last update wins."""
    out = np.array(x, copy=True)
    out[np.asarray(indices)] = out[np.asarray(indices)] + updates
    return out


def _scatter_overwrite(x: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
    """`x.at[indices].set(updates)`: the updates replace x there (with a repeated index, the last)."""
    out = np.array(x, copy=True)
    out[np.asarray(indices)] = updates
    return out


SCATTER_ADD_MISCONCEPTIONS = (
    Misconception(
        compute=_scatter_overwrite,
        says={"en": "your result replaces `x` at `indices` instead of adding to it, as `.set` does. Use "
                    "`x.at[indices].add(updates)`.",
              "ko": "결과가 `.set`처럼 `indices` 자리의 `x` 값에 더하지 않고 덮어쓴 값입니다. "
                    "`x.at[indices].add(updates)`를 쓰세요."},
        marker=r"\.at\[.*\]\.set\(",
    ),
    Misconception(
        compute=_scatter_with_set,
        says={"en": "your result keeps one update per repeated index, as `.set` does. "
                    "`x.at[indices].add(updates)` adds every one of them.",
              "ko": "결과가 `.set`처럼 같은 인덱스가 여러 번 나오면 그 갱신값 중 하나만 반영합니다. "
                    "`x.at[indices].add(updates)`는 갱신값을 모두 더합니다."},
        marker=r"\.at\[.*\]\.set\(",
    ),
)

_REFERENCE_UPDATE: Callable[..., Any] = reference.update  # the solutions carry no types


def _residual(theta: Any, x: Any, y: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    theta, x, y = (np.asarray(a, np.float32) for a in (theta, x, y))
    return theta, x, y, theta[0] * x + theta[1] - y


def _gradient_in_x(theta: Any, x: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    """`jax.value_and_grad(loss, argnums=1)`: d mean(r**2) / dx = 2 r w / n."""
    theta, x, _, r = _residual(theta, x, y)
    return np.mean(r ** 2), 2 * r * theta[0] / x.shape[0]


def _gradient(theta: Any, x: Any, y: Any) -> np.ndarray:
    """d mean((w x + b - y)**2) / d[w, b], the gradient the exercise's update steps along."""
    _, x, _, r = _residual(theta, x, y)
    return np.stack([np.mean(2 * r * x), np.mean(2 * r)])


def _summed_loss(theta: Any, x: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    """sum((w x + b - y)**2) and its gradient: the mean's, n times over."""
    _, x, _, r = _residual(theta, x, y)
    return np.sum(r ** 2), np.stack([np.sum(2 * r * x), np.sum(2 * r)])


LOSS_AND_GRAD_MISCONCEPTIONS = (
    Misconception(
        compute=_gradient_in_x,
        says={"en": "your gradient is taken with respect to the data `x`, not `theta`. `value_and_grad` "
                    "differentiates the first parameter, or the one `argnums=` names.",
              "ko": "기울기를 `theta`가 아니라 데이터 `x`에 대해 구했습니다. `value_and_grad`는 첫 번째 "
                    "매개변수나 `argnums=`로 지정한 매개변수로 미분합니다."},
        # The call that says what is differentiated: with `argnums=1`, or a loss whose first parameter is
        # the data (`value_and_grad(mse)(x, y, theta)`, round 49).
        marker=r"argnums\s*=\s*(1|\(1)|\b(value_and_grad|grad)\(",
    ),
    Misconception(
        compute=_summed_loss,
        says={"en": "your loss is the sum of the squared errors, n times the mean the exercise asks for, and so is "
                    "its gradient. Use `jnp.mean(...)` instead of `jnp.sum(...)`.",
              "ko": "손실을 제곱 오차의 합으로 구해 문제가 요구하는 평균의 n배가 되었고, 기울기도 n배입니다. "
                    "`jnp.sum(...)` 대신 `jnp.mean(...)`을 쓰세요."},
        marker=r"\bsum\(",
    ),
)

UPDATE_MISCONCEPTIONS = (
    Misconception(
        # theta + lr * grad is the reference's step taken the other way: 2 * theta - (theta - lr * grad).
        compute=lambda theta, x, y, lr=0.1: 2 * np.asarray(theta) - np.asarray(_REFERENCE_UPDATE(theta, x, y, lr)),
        says={"en": "your step goes up the gradient (`theta + lr * grad`). Gradient descent steps against it: "
                    "`theta - lr * grad`.",
              "ko": "기울기를 따라 올라가는 방향으로 갱신했습니다(`theta + lr * grad`). 경사 하강법은 기울기의 "
                    "반대 방향으로 이동합니다: `theta - lr * grad`."},
        marker=r"\+ *lr",
    ),
    Misconception(
        compute=lambda theta, x, y, lr=0.1: np.asarray(theta, np.float32) - _gradient(theta, x, y),
        says={"en": "your step is the whole gradient (`theta - grad`): the learning rate `lr` is never applied. "
                    "Scale the step: `theta - lr * grad`.",
              "ko": "기울기 전체만큼 갱신했습니다(`theta - grad`). 학습률 `lr`을 곱하지 "
                    "않았으니, 기울기에 학습률을 곱해 갱신하세요: `theta - lr * grad`."},
        marker=r"-\s*\(?\s*(\w*grad\w*|g)\b(?!\s*[*/])",
    ),
    Misconception(
        compute=lambda theta, x, y, lr=0.1: np.asarray(theta, np.float32) - lr * lr * _gradient(theta, x, y),
        says={"en": "your step applies the learning rate twice (`lr * lr * grad`). Multiply the gradient by `lr` "
                    "once: `theta - lr * grad`.",
              "ko": "학습률을 두 번 곱했습니다(`lr * lr * grad`). 기울기에 `lr`을 한 번만 곱하세요: "
                    "`theta - lr * grad`."},
        marker=r"lr\b.*\blr\b|lr\s*\*\*\s*2",
    ),
)


PURE_UPDATE = Exercise(
    name="pure_update",
    reference=reference.pure_update,
    inputs=_pure_update_calls(),
    checks=(Correctness(3), Jit(1), NoMutation(1), NoGlobals(1)),
    summary={
        "en": "a copy of x with x[i] (an element or a row) set to value, x untouched; i may be traced",
        "ko": "x[i](원소 또는 행)를 value로 바꾼 x의 사본을 반환하고 x는 그대로 둠; i는 추적 값일 수 있음",
    },
)

SCATTER_ADD = Exercise(
    name="scatter_add",
    reference=reference.scatter_add,
    inputs=_scatter_add_calls(),
    checks=(Correctness(3), Jit(1), NoMutation(1), NoGlobals(1)),
    misconceptions=SCATTER_ADD_MISCONCEPTIONS,
    summary={
        "en": "x with updates added at indices; repeated indices accumulate",
        "ko": "indices 위치에 updates를 더한 x를 반환; 중복 인덱스는 누적됨",
    },
)

LOSS_AND_GRAD = Exercise(
    name="loss_and_grad",
    reference=reference.loss_and_grad,
    inputs=st.builds(Call, _regression_data()),
    checks=(Correctness(3), Jit(1), NoRecompilation(1), NoMutation(1), NoGlobals(1)),
    misconceptions=LOSS_AND_GRAD_MISCONCEPTIONS,
    summary={
        "en": "(loss, grad) of mean((w*x + b - y)**2) with respect to theta = [w, b]",
        "ko": "theta = [w, b]에 대한 mean((w*x + b - y)**2)의 (손실, 기울기)",
    },
)

UPDATE = Exercise(
    name="update",
    reference=reference.update,
    inputs=_update_calls(),
    checks=(Correctness(3), Jit(1), NoMutation(1), NoGlobals(1)),
    misconceptions=UPDATE_MISCONCEPTIONS,
    summary={
        "en": "one gradient-descent step: theta - lr * grad (lr defaults to 0.1)",
        "ko": "경사 하강법 한 단계: theta - lr * grad (lr 기본값 0.1)",
    },
)

ASSIGNMENT = Assignment(
    name="jax-numpy",
    title={"en": "JAX as accelerated NumPy", "ko": "가속된 NumPy로서의 JAX"},
    exercises=(PURE_UPDATE, SCATTER_ADD, LOSS_AND_GRAD, UPDATE),
)
