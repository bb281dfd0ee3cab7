"""`distribution`: a random function graded by what its statement promises, not by one order of splits.

Several orders of `jax.random.split` are right, and each gives other numbers from the same key; comparing
with the reference value for value would fail every one but the reference's. So this gate compares what
the statement promises instead, on keys the judge draws (the same keys at every grading, so the verdict
never flakes):
- the output has the reference's structure, shapes and dtypes;
- the same key gives the same output (a second call, compared bit for bit);
- other keys give other outputs (the key is used at all);
- the numbers, pooled over every key, come from the reference's distribution: their mean and spread within
  `z` standard errors of the reference's pooled samples, and a two-sample Kolmogorov-Smirnov distance below
  its bound at a false-alarm rate of one in a million.

The reference's samples are computed in the judge; the student's outputs are compared there. Keys a function
returns are compared for determinism only (their words have no distribution to compare).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from graders.both_sides.protocol import KeyData
from graders.common.format import format_value
from graders.common.registry import register_check
from graders.common.spec import Call, Check, SpecError

from ..compare import same_data
from .base import CheckContext, Verdict, draw_examples, prepare_drawn

__all__ = ["Distribution", "DistributionSpec"]


@dataclass(frozen=True)
class DistributionSpec:
    """Options of `distribution` (all optional): how many keys, and how far apart the statistics may be."""

    calls: int = 16
    # Keys per drawn input (the drawn one, and others made from it): what the key alone changes is compared too.
    keys_per_input: int = 4
    # Standard errors the mean and the spread may be apart: six makes a false alarm rarer than one in 10**8.
    z: float = 6.0
    # The Kolmogorov-Smirnov bound's false-alarm rate.
    alpha: float = 1e-6


_DEFAULT = DistributionSpec()


@register_check(
    "distribution",
    gate=True,
    prepare=prepare_drawn("distribution", _DEFAULT.calls),
    # The student's outputs, compared in the judge with the reference's samples on keys the judge drew.
    rests_on_worker=False,
    description={
        "en": "random samples as the statement promises on generated keys: the reference's shapes, the same output "
              "for the same key, and the reference's distribution (mean, spread, Kolmogorov-Smirnov)",
        "ko": "생성된 키에서 문제가 약속한 대로 난수 표본을 냄: 참조 답안과 같은 shape, 같은 키에 같은 출력, "
              "참조 답안과 같은 분포(평균, 퍼짐, 콜모고로프-스미르노프)",
    },
)
def distribution(ctx: CheckContext) -> Verdict:
    spec = ctx.exercise.options.get("distribution", _DEFAULT)
    name = ctx.exercise.name
    calls = draw_examples(ctx.exercise, spec.calls, "distribution")
    # Per drawn input, its outputs under `keys_per_input` keys: the first the one drawn, the others made from it.
    student: list[list[list[Any]]] = []
    reference: list[list[list[Any]]] = []
    for call in calls:
        ctx.check_deadline()
        mine: list[list[Any]] = []
        theirs: list[list[Any]] = []
        for variant in [call, *(_with_other_keys(call, turn) for turn in range(1, spec.keys_per_input))]:
            outcome = ctx.session.call(name, variant, array_kind="jax", timeout=ctx.timeout())
            if outcome.error is not None:
                return Verdict.failed(ctx.text("correctness.raised", explanation=ctx.explain(outcome.error),
                                               given=ctx.given_as(variant, "jax"), input=ctx.describe_call(variant)))
            leaves, wanted = _leaves(outcome.output), _leaves(ctx.expected(variant))
            shapes = [_shape_of(leaf) for leaf in leaves]
            if shapes != [_shape_of(leaf) for leaf in wanted]:
                return Verdict.failed(ctx.text("distribution.shape", name=name, input=ctx.describe_call(variant),
                                               expected=", ".join(_shape_of(w) for w in wanted),
                                               actual=", ".join(shapes)))
            if variant is call:
                again = ctx.session.call(name, call, array_kind="jax", timeout=ctx.timeout())
                if again.error is not None or same_data(outcome.output, again.output) is not None:
                    return Verdict.failed(ctx.text("distribution.not_repeatable", name=name,
                                                   input=ctx.describe_call(call), first=format_value(outcome.output),
                                                   second=format_value(again.output)))
            mine.append(leaves)
            theirs.append(wanted)
        student.append(mine)
        reference.append(theirs)
    keys = len(calls) * spec.keys_per_input
    if all(same_data(outputs[0], other) is None for outputs in student for other in outputs[1:]) and (
            spec.keys_per_input > 1 or len(student) > 1 and all(same_data(student[0][0], other[0]) is None
                                                                for other in student[1:])):
        return Verdict.failed(ctx.text("distribution.ignores_key", name=name, calls=keys,
                                       output=format_value(student[0][0])))
    for position in range(len(reference[0][0]) if reference else 0):
        if isinstance(reference[0][0][position], KeyData):
            continue
        where = f"output[{position}]" if len(reference[0][0]) > 1 else "output"
        # The numbers as drawn, pooled over every key; then what the key alone changes (each input's outputs less
        # their mean over its keys), which data the function also takes cannot hide.
        for found in (_compare_samples(_pooled(student, position), _pooled(reference, position), spec),
                      _compare_samples(_residuals(student, position), _residuals(reference, position), spec)):
            if found is not None:
                what, actual, expected, margin = found
                return Verdict.failed(ctx.text(f"distribution.{what}", name=name, where=where, actual=actual,
                                               expected=expected, margin=margin, calls=keys))
    return Verdict.passed(ctx.text("distribution.passed", name=name, calls=keys))


def _with_other_keys(call: Call, turn: int) -> Call:
    """`call` with every key in its arguments replaced by another, made from it (the same for every grading)."""
    def other(value: Any) -> Any:
        if type(value) is KeyData:
            return KeyData(value.impl, value.data ^ np.uint32((turn * 0x9E3779B9) & 0xFFFFFFFF))
        if type(value) in (tuple, list):
            return type(value)(other(item) for item in value)
        if type(value) is dict:
            return {key: other(item) for key, item in value.items()}
        return value

    return Call(tuple(other(arg) for arg in call.args), {key: other(value) for key, value in call.kwargs.items()})


def _pooled(outputs: list[list[list[Any]]], position: int) -> np.ndarray:
    return np.concatenate([np.ravel(np.asarray(leaves[position], np.float64)) for per_input in outputs
                           for leaves in per_input])


def _residuals(outputs: list[list[list[Any]]], position: int) -> np.ndarray:
    pieces = []
    for per_input in outputs:
        stacked = np.stack([np.asarray(leaves[position], np.float64) for leaves in per_input])
        pieces.append(np.ravel(stacked - stacked.mean(axis=0)))
    return np.concatenate(pieces)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for key in sorted(value) for leaf in _leaves(value[key])]
    return [value]


def _shape_of(leaf: Any) -> str:
    if isinstance(leaf, KeyData):
        return f"key{tuple(leaf.data.shape[:-1])}"
    array = np.asarray(leaf)
    family = {"f": "float", "i": "int", "u": "int", "b": "bool"}.get(array.dtype.kind, array.dtype.name)
    return f"{family}{tuple(array.shape)}"


def _compare_samples(student: np.ndarray, reference: np.ndarray,
                     spec: DistributionSpec) -> tuple[str, str, str, str] | None:
    """(what differs, the student's statistic, the reference's, the margin allowed) or None."""
    n, m = student.size, reference.size
    if n < 2 or m < 2:
        return None
    spread = float(reference.std())
    if spread == 0.0:
        # A constant: every sample must be it.
        if not np.all(student == reference[0]):
            return "mean", _short(float(student.mean())), _short(float(reference[0])), "0"
        return None
    mean_margin = spec.z * spread * math.sqrt(1 / n + 1 / m)
    if abs(float(student.mean()) - float(reference.mean())) > mean_margin:
        return "mean", _short(float(student.mean())), _short(float(reference.mean())), _short(mean_margin)
    spread_margin = spec.z * spread * math.sqrt(1 / (2 * (n - 1)) + 1 / (2 * (m - 1)))
    if abs(float(student.std()) - spread) > spread_margin:
        return "spread", _short(float(student.std())), _short(spread), _short(spread_margin)
    distance = _ks_distance(student, reference)
    bound = math.sqrt(-0.5 * math.log(spec.alpha / 2)) * math.sqrt((n + m) / (n * m))
    if distance > bound:
        return "shape_of_distribution", _short(distance), "0", _short(bound)
    return None


def _ks_distance(first: np.ndarray, second: np.ndarray) -> float:
    """The largest gap between the two samples' empirical distribution functions."""
    points = np.concatenate([first, second])
    cdf_first = np.searchsorted(np.sort(first), points, side="right") / first.size
    cdf_second = np.searchsorted(np.sort(second), points, side="right") / second.size
    return float(np.max(np.abs(cdf_first - cdf_second)))


def _short(value: float) -> str:
    return f"{value:.4g}"


@dataclass(frozen=True)
class Distribution(Check):
    """`Distribution(points, DistributionSpec(...))`: The gate of a random exercise: samples as the statement promises
    on keys the judge draws; `spec` tunes the statistics.
    """

    name: ClassVar[str] = "distribution"
    spec: DistributionSpec = DistributionSpec()

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.spec, DistributionSpec):
            raise SpecError(f"Distribution(points={self.points!r}, spec={self.spec!r}): give a DistributionSpec as the "
                            "second field (docs/authoring.md shows one).")

    @property
    def options(self) -> DistributionSpec | None:
        return self.spec
