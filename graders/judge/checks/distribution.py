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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from graders.both_sides.protocol import KeyData
from graders.common.format import clip_code, format_value
from graders.common.registry import register_check
from graders.common.spec import Call, Check, SpecError

from ..compare import same_data
from ..source.outputs import (
    global_generator_draw,
    key_made_from_a_constant,
    returned_names,
    statement_making_output,
)
from ..strategies import holds_a_key
from .base import CheckContext, Verdict, draw_examples, prepare_drawn, reference_cells

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
    if calls and not any(holds_a_key(call) for call in calls):
        # The author's spec, not the student's code: the grader's own error, said so that the author can fix it.
        return Verdict.error(ctx.text("distribution.no_typed_key", name=name))
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
            if [_kind_of(leaf) for leaf in leaves] != [_kind_of(leaf) for leaf in wanted]:
                names = returned_names(reference_cells(ctx.exercise), name, len(wanted))
                wanted_shapes = [f"{_shape_of(leaf)} (`{names[index]}`)" if names else _shape_of(leaf)
                                 for index, leaf in enumerate(wanted)]
                differs = [index for index, (mine, theirs) in enumerate(zip(leaves, wanted, strict=False))
                           if _kind_of(mine) != _kind_of(theirs)]
                made = (statement_making_output(ctx.source, name, differs[0], len(wanted))
                        if differs and len(leaves) == len(wanted) else None)
                at = (ctx.text("distribution.shape_at", where=ctx.where(made.filename, made.line),
                               code=clip_code(made.code), position=differs[0]) if made is not None else "")
                return Verdict.failed(ctx.text("distribution.shape", name=name, at=at, input=ctx.describe_call(variant),
                                               expected=", ".join(wanted_shapes),
                                               actual=", ".join(_shape_of(leaf) for leaf in leaves)))
            if variant is call:
                again = ctx.session.call(name, call, array_kind="jax", timeout=ctx.timeout())
                if again.error is not None or same_data(outcome.output, again.output) is not None:
                    draw = global_generator_draw(ctx.source, name)
                    place = ({"where": ctx.where(draw.filename, draw.line), "code": clip_code(draw.code)}
                             if draw is not None else {})
                    # Which outputs differ, never their values: numbers from a process-wide generator are other
                    # numbers at every grading, and a regrade must give the same message.
                    return Verdict.failed(ctx.text("distribution.not_repeatable_at" if place else
                                                   "distribution.not_repeatable", name=name, **place,
                                                   input=ctx.describe_call(call),
                                                   differing=_differing_outputs(ctx, outcome.output, again)))
            mine.append(leaves)
            theirs.append(wanted)
        student.append(mine)
        reference.append(theirs)
    keys = len(calls) * spec.keys_per_input
    if all(same_data(outputs[0], other) is None for outputs in student for other in outputs[1:]) and (
            spec.keys_per_input > 1 or len(student) > 1 and all(same_data(student[0][0], other[0]) is None
                                                                for other in student[1:])):
        fixed = key_made_from_a_constant(ctx.source, name)
        place = {"where": ctx.where(fixed.filename, fixed.line), "code": clip_code(fixed.code)} if fixed else {}
        return Verdict.failed(ctx.text("distribution.ignores_key_at" if place else "distribution.ignores_key",
                                       name=name, calls=keys, **place, output=format_value(student[0][0])))
    count = len(reference[0][0]) if reference else 0
    names = returned_names(reference_cells(ctx.exercise), name, count)
    for position in range(count):
        if isinstance(reference[0][0][position], KeyData):
            continue
        where = f"output[{position}]" if count > 1 else "output"
        if names is not None:
            where = f"{where} (`{names[position]}`)"
        made = statement_making_output(ctx.source, name, position, count)
        subject = (ctx.text("distribution.subject_at", at=ctx.where(made.filename, made.line),
                            code=clip_code(made.code), name=name, where=where) if made is not None
                   else ctx.text("distribution.subject", name=name, where=where))
        residuals, wanted_residuals = _residuals(student, position), _residuals(reference, position)
        if not np.any(residuals) and np.any(wanted_residuals):
            return Verdict.failed(ctx.text("distribution.constant", subject=subject,
                                           expected=_short(float(_pooled(reference, position).std()))))
        # The numbers as drawn, pooled over every key; then what the key alone changes (each input's outputs less
        # their mean over its keys), which data the function also takes cannot hide.
        for found in (_compare_samples(_pooled(student, position), _pooled(reference, position), spec),
                      _compare_samples(residuals, wanted_residuals, spec)):
            if found is not None:
                what, actual, expected, margin = found
                example = _one_input(ctx, calls, student, reference, position, what)
                cause = _spread_cause(ctx, calls, student, reference, position) if what == "spread" else ""
                return Verdict.failed(ctx.text(f"distribution.{what}", subject=subject, actual=actual,
                                               expected=expected, margin=margin, calls=keys, example=example,
                                               cause=cause))
    return Verdict.passed(ctx.text("distribution.passed", name=name, calls=keys))


def _differing_outputs(ctx: CheckContext, first: Any, again: Any) -> str:
    """The outputs that differ between two calls with the same key, by position (and the reference's name)."""
    if again.error is not None:
        return ctx.text("distribution.second_raised")
    mine, theirs = _leaves(first), _leaves(again.output)
    if len(mine) != len(theirs):
        return "output"
    names = returned_names(reference_cells(ctx.exercise), ctx.exercise.name, len(mine))
    differing = []
    for position, (one, other) in enumerate(zip(mine, theirs, strict=True)):
        if same_data(one, other) is not None:
            label = f"output[{position}]" if len(mine) > 1 else "output"
            differing.append(f"{label} (`{names[position]}`)" if names else label)
    return ", ".join(differing) or "output"


def _one_input(ctx: CheckContext, calls: list[Call], student: list[list[list[Any]]],
               reference: list[list[list[Any]]], position: int, what: str) -> str:
    """The drawn input where the student's statistic is furthest from the reference's, with both: pooled over
    inputs of several sizes, a statistic mixes them, and one input shows what a student can reproduce."""
    if what not in ("mean", "spread"):
        return ""
    statistic: Callable[[np.ndarray], Any] = np.mean if what == "mean" else np.std
    best, gap = 0, -1.0
    pairs = []
    for index, (mine, theirs) in enumerate(zip(student, reference, strict=True)):
        actual, expected = (float(statistic(_pooled([per_input], position))) for per_input in (mine, theirs))
        pairs.append((actual, expected))
        if abs(actual - expected) > gap:
            best, gap = index, abs(actual - expected)
    actual, expected = pairs[best]
    return ctx.text(f"distribution.example_{what}", input=ctx.describe_call(calls[best]), actual=_short(actual),
                    expected=_short(expected), keys=len(student[best]))


# How far a per-input ratio of spreads may be from a candidate factor and still be explained by it (the
# spread of one input's draws is known to a few per cent).
_FACTOR_TOLERANCE = 0.12


def _spread_cause(ctx: CheckContext, calls: list[Call], student: list[list[list[Any]]],
                  reference: list[list[list[Any]]], position: int) -> str:
    """What the wrong spread is, from the ratio of the student's to the reference's on each drawn input: a
    factor made of the call's whole-number arguments (`√(n_in / n_out)`: a scale that divides by the other
    size), one constant factor on every input, a standard deviation where a variance is meant (or the
    reverse), or, when none fits, the scale itself. Computed in the judge from the outputs it compared."""
    ratios, sizes = [], []
    for call, mine, theirs in zip(calls, student, reference, strict=True):
        actual, expected = float(np.std(_pooled([mine], position))), float(np.std(_pooled([theirs], position)))
        if expected > 0 and actual > 0:
            ratios.append(actual / expected)
            sizes.append({name: value for name, value in zip(ctx.exercise.parameters, call.args)
                          if type(value) is int and value > 0}
                         | {name: value for name, value in call.kwargs.items() if type(value) is int and value > 0})
    if not ratios:
        return ctx.text("distribution.cause_scale")
    logs = np.log(ratios)
    best: tuple[float, str] | None = None
    for label, factor in _size_factors(sizes):
        if factor is None or np.ptp(np.log(factor)) < 0.2:
            continue  # a factor the inputs do not vary cannot be told from a constant
        error = float(np.max(np.abs(logs - np.log(factor))))
        if error < _FACTOR_TOLERANCE and (best is None or error < best[0]):
            best = (error, label)
    if best is not None:
        return ctx.text("distribution.cause_size_factor", factor=best[1])
    if float(np.ptp(logs)) < 2 * _FACTOR_TOLERANCE:
        ratio = float(np.exp(np.median(logs)))
        return ctx.text("distribution.cause_constant", ratio=_short(ratio))
    return ctx.text("distribution.cause_scale")


def _size_factors(sizes: list[dict[str, int]]) -> list[tuple[str, np.ndarray | None]]:
    """Candidate factors over the inputs, each made of one or two whole-number arguments: a/b, √(a/b), a, √a and
    their inverses (None where an input lacks a name)."""
    names = sorted(set.intersection(*(set(each) for each in sizes))) if sizes else []
    factors: list[tuple[str, np.ndarray | None]] = []
    for first in names:
        values = np.array([each[first] for each in sizes], np.float64)
        factors += [(f"`{first}`", values), (f"1 / `{first}`", 1 / values), (f"√`{first}`", np.sqrt(values)),
                    (f"1 / √`{first}`", 1 / np.sqrt(values))]
        for second in names:
            if second != first:
                other = np.array([each[second] for each in sizes], np.float64)
                factors += [(f"`{first}` / `{second}`", values / other),
                            (f"√(`{first}` / `{second}`)", np.sqrt(values / other))]
    return factors


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


def _kind_of(leaf: Any) -> tuple[str, tuple[int, ...]]:
    """What must match the reference's: a key's implementation, or an array's family of dtype (any float) and
    shape."""
    if isinstance(leaf, KeyData):
        return f"key<{leaf.impl}>", tuple(leaf.data.shape[:-1])
    array = np.asarray(leaf)
    return {"f": "float", "i": "int", "u": "int", "b": "bool"}.get(array.dtype.kind, array.dtype.name), array.shape


def _shape_of(leaf: Any) -> str:
    """As JAX writes an array's type: `float32[8,4]`, `key<threefry2x32>[3]`."""
    if isinstance(leaf, KeyData):
        return f"key<{leaf.impl}>[{','.join(map(str, leaf.data.shape[:-1]))}]"
    array = np.asarray(leaf)
    return f"{array.dtype.name}[{','.join(map(str, array.shape))}]"


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
