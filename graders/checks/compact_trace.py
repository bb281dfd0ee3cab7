"""`compact_trace`: the traced program does not grow with the loop length.

A Python loop over data is unrolled by tracing: its jaxpr grows with the
number of iterations. `lax.fori_loop`, `lax.scan` and `vmap` keep it fixed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from ..registry import register_check
from ..spec import Call, SpecError
from ..worker.session import ErrorReport
from .base import CheckContext, Verdict

__all__ = ["TraceSizeSpec"]


@dataclass(frozen=True)
class TraceSizeSpec:
    """Options of the `compact_trace` check: calls that differ only in a loop length.

    Sizes can only be compared between at least two calls, so fewer is a spec error.
    """

    calls: Callable[[], tuple[Call, ...]]
    describe: Mapping[str, str]
    construct: str

    def __post_init__(self) -> None:
        count = len(self.calls())
        if count < 2:
            raise SpecError(f"TraceSizeSpec has calls() giving {count} call(s); give at least two calls that "
                            f"differ only in the loop length, so their trace sizes can be compared.")


@register_check(
    "compact_trace",
    option_type=TraceSizeSpec,
    description={
        "en": "the traced program keeps its size as the loop length grows (no unrolled Python loop)",
        "ko": "루프 길이가 늘어도 추적된 프로그램 크기가 그대로임(Python 루프를 펼치지 않음)",
    },
)
def compact_trace(ctx: CheckContext) -> Verdict:
    spec: TraceSizeSpec = ctx.option("compact_trace")
    name = ctx.exercise.name
    calls = spec.calls()
    sizes = ctx.session.trace_sizes(name, calls, ctx.exercise.static_argnames, timeout=ctx.timeout())
    if isinstance(sizes, ErrorReport):
        return Verdict.failed(ctx.text("compact_trace.raised", name=name, explanation=ctx.explain(sizes)))
    if len(sizes) != len(calls):
        # One size proves nothing about growth; only a tampered worker answers with fewer.
        return Verdict.error(ctx.text("compact_trace.incomplete", expected=len(calls), got=len(sizes)))
    what = spec.describe[ctx.lang]
    listed = ", ".join(str(size) for size in sizes)
    if len(set(sizes)) == 1:
        return Verdict.passed(ctx.text("compact_trace.passed", sizes=listed, what=what), sizes=list(sizes))
    return Verdict.failed(ctx.text("compact_trace.failed", sizes=listed, what=what, construct=spec.construct),
                          sizes=list(sizes))
