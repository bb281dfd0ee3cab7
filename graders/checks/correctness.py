"""`correctness`: generated inputs, as NumPy and as JAX arrays, against the reference."""

from __future__ import annotations

from ..compare import find_difference
from ..registry import register_check
from ..spec import Call
from .base import CheckContext, Counterexample, Verdict, search_counterexample

ARRAY_KINDS = ("numpy", "jax")


@register_check(
    "correctness",
    description={
        "en": "matches the reference on hypothesis-generated inputs (NumPy and JAX arrays)",
        "ko": "hypothesis가 생성한 입력(NumPy, JAX 배열)에서 참조 답안과 일치",
    },
)
def correctness(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name

    def body(call: Call) -> None:
        expected = ctx.expected(call)
        for kind in ARRAY_KINDS:
            outcome = ctx.session.call(name, call, array_kind=kind, timeout=ctx.timeout())
            kind_text = ctx.text(f"kind.{kind}")
            if outcome.error is not None:
                raise Counterexample(call, ctx.text("correctness.raised", input=ctx.describe_call(call),
                                                    kind=kind_text, explanation=ctx.explain(outcome.error)))
            difference = find_difference(expected, outcome.output, ctx.exercise.tolerance)
            if difference is not None:
                detail = ctx.describe_difference(difference, expected, outcome.output)
                raise Counterexample(call, ctx.text("correctness.failed", input=ctx.describe_call(call),
                                                    kind=kind_text, detail=detail))

    search = search_counterexample(ctx, "correctness", body, ctx.exercise.max_examples)
    if search.counterexample is None:
        return Verdict.passed(ctx.text("correctness.passed", examples=search.examples), examples=search.examples)
    if search.flaky:
        return Verdict.failed(ctx.text("correctness.flaky", input=ctx.describe_call(search.counterexample.call)),
                              examples=search.examples)
    return Verdict.failed(search.counterexample.explanation, examples=search.examples)
