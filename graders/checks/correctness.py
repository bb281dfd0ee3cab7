"""`correctness`: generated inputs, as NumPy and as JAX arrays, against the reference."""

from __future__ import annotations

from ..registry import register_check
from ..spec import Call
from .base import CheckContext, Verdict, require_reference_output, search_counterexample, verdict_from_search

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
    def body(call: Call) -> None:
        for kind in ARRAY_KINDS:
            outcome = ctx.session.call(ctx.exercise.name, call, array_kind=kind, timeout=ctx.timeout())
            require_reference_output(ctx, call, outcome, raised="correctness.raised", wrong="correctness.failed",
                                     kind=ctx.text(f"kind.{kind}"))

    search = search_counterexample(ctx, "correctness", body, ctx.exercise.max_examples)
    return verdict_from_search(ctx, search, "correctness.passed")
