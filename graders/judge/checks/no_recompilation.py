"""`no_recompilation`: after warm-up, new values of the same shapes compile nothing."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from graders.common.format import clip_code
from graders.common.registry import register_check
from graders.common.results import Status
from graders.common.spec import Call, Check, Exercise

from ..flags import raise_flag
from ..source.jit_sites import jit_built_inside
from ..supervisor.replies import ErrorReport
from .base import CheckContext, Verdict, draw_examples

_DRAWN = 12
_EXPLANATION_CHARS = 900


def signature(exercise: Exercise, call: Call) -> Hashable:
    """What JAX's caches key on: shapes, dtypes, Python types, and static values."""

    def leaf_key(name: str, value: Any) -> Hashable:
        if name in exercise.static_argnames:
            return ("static", repr(value))
        if isinstance(value, dict):
            return ("dict", tuple((key, leaf_key("", item)) for key, item in sorted(value.items())))
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, tuple(leaf_key("", item) for item in value))
        if isinstance(value, (np.ndarray, np.generic)):
            return ("array", np.shape(value), np.asarray(value).dtype.name)
        return ("python", type(value).__name__)

    names = list(exercise.parameters)
    positional = tuple(leaf_key(names[i] if i < len(names) else "", v) for i, v in enumerate(call.args))
    keywords = tuple((key, leaf_key(key, value)) for key, value in sorted(call.kwargs.items()))
    return positional, keywords


def split_warmup(exercise: Exercise, calls: list[Call]) -> tuple[list[Call], list[Call]]:
    """One warm-up call per signature; every other call is measured."""
    seen: set[Hashable] = set()
    warmup: list[Call] = []
    measured: list[Call] = []
    for call in calls:
        key = signature(exercise, call)
        (measured if key in seen else warmup).append(call)
        seen.add(key)
    return warmup, measured


@register_check(
    "no_recompilation",
    prepare=lambda exercise: draw_examples(exercise, _DRAWN, "no_recompilation"),
    description={
        "en": "repeated calls with new values of the same shapes trace and compile nothing",
        "ko": "같은 shape의 새 값으로 다시 호출해도 추적과 컴파일이 일어나지 않음",
    },
)
def no_recompilation(ctx: CheckContext) -> Verdict:
    exercise = ctx.exercise
    warmup, measured = split_warmup(exercise, draw_examples(exercise, _DRAWN, "no_recompilation"))
    # A second pass over the warm-up calls with fresh values guarantees measured calls for every signature.
    measured += [_perturbed(call) for call in warmup]
    report = ctx.session.recompilation(exercise.name, warmup, measured, timeout=ctx.timeout())
    if isinstance(report, ErrorReport):
        return Verdict.failed(ctx.text("no_recompilation.raised", input=ctx.describe_call(warmup[0]),
                                       explanation=ctx.explain(report)))
    compiles, traces = ctx.session.instrument_check()
    if compiles < 1 or traces < 1:
        flag = raise_flag("instrument_untrusted", ctx.lang, instrument="compilation counter", name=exercise.name)
        return Verdict(Status.ERROR, ctx.text("instrument.untrusted"), flags=(flag,))
    details = {"calls": report.calls, "compiles": report.compiles, "traces": report.traces}
    if report.compiles == 0 and report.traces == 0:
        return Verdict.passed(ctx.text("no_recompilation.passed", calls=report.calls), **details)
    # JAX's own account of the first cache miss, where it gave one; no list of causes that may not be
    # in the code at all.
    explanation = ""
    if report.explanations:
        text = report.explanations[0]
        text = text if len(text) <= _EXPLANATION_CHARS else text[:_EXPLANATION_CHARS] + " ..."
        explanation = ctx.text("no_recompilation.explanation", text=text)
    message = ctx.text("no_recompilation.failed", calls=report.calls, compiles=report.compiles,
                       traces=report.traces, explanation=explanation).rstrip()
    # Read in the judge: a jit built inside the function's own body is a new program per call.
    built = jit_built_inside(ctx.source, exercise.name)
    if built is not None:
        filename, line, code = built
        message = ctx.text("no_recompilation.jit_per_call", where=ctx.where(filename, line), code=clip_code(code),
                           name=exercise.name) + "\n" + message
    return Verdict.failed(message, **details)


def _perturbed(call: Call) -> Call:
    """Same shapes and dtypes, different float values; integers and static values kept."""

    def nudge(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: nudge(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(nudge(item) for item in value)
        if isinstance(value, np.ndarray) and value.dtype.kind == "f":
            return (value * np.asarray(0.5, value.dtype) + np.asarray(0.25, value.dtype)).astype(value.dtype)
        return value

    return Call(tuple(nudge(arg) for arg in call.args), dict(call.kwargs))


@dataclass(frozen=True)
class NoRecompilation(Check):
    """`NoRecompilation(points)`: Calls with new values of the same shapes reuse the compiled program (JAX's own
    compilation count).
    """

    name: ClassVar[str] = "no_recompilation"

__all__ = ["NoRecompilation"]
