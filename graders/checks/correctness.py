"""`correctness`: generated inputs, as NumPy and as JAX arrays, against the reference."""

from __future__ import annotations

from ..registry import register_check
from ..spec import Call
from ..supervisor.session import CallOutcome
from .base import (
    CheckContext,
    Counterexample,
    Verdict,
    require_reference_output,
    search_counterexample,
    verdict_from_search,
)

ARRAY_KINDS = ("numpy", "jax")


@register_check(
    "correctness",
    gate=True,
    # Outputs the judge compares with its own reference, on inputs it generated: nothing the
    # worker merely says, so a submission flagged for review keeps these points.
    rests_on_worker=False,
    description={
        "en": "matches the reference on hypothesis-generated inputs (NumPy and JAX arrays)",
        "ko": "hypothesis가 생성한 입력(NumPy, JAX 배열)에서 참조 답안과 일치",
    },
)
def correctness(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    # Until an example fails, both calls of an example go in one request. Once one has failed,
    # hypothesis shrinks it, and most examples it tries fail too: one kind a request then, so a
    # wrong NumPy answer is not followed by a JAX call whose answer nobody reads.
    shrinking = False

    def compare(kind: str, call: Call, outcome: CallOutcome) -> None:
        nonlocal shrinking
        try:
            require_reference_output(ctx, call, outcome, raised="correctness.raised", wrong="correctness.failed",
                                     kind=ctx.text(f"kind.{kind}"))
        except Counterexample:
            shrinking = True
            raise

    def body(call: Call) -> None:
        if shrinking:
            for kind in ARRAY_KINDS:
                compare(kind, call, ctx.session.call(name, call, array_kind=kind, timeout=ctx.timeout(),
                                                     meanwhile=lambda: ctx.expected(call)))
            return
        outcomes = ctx.session.call_each_kind(name, call, ARRAY_KINDS, timeout=ctx.timeout(),
                                              meanwhile=lambda: ctx.expected(call))
        for kind, outcome in zip(ARRAY_KINDS, outcomes):
            compare(kind, call, outcome)

    search = search_counterexample(ctx, "correctness", body, ctx.exercise.max_examples)
    return verdict_from_search(ctx, search, "correctness.passed")
