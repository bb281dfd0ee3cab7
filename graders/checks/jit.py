"""`jit`: the function works, and agrees with the reference, under `jax.jit`."""

from __future__ import annotations

from ..compare import find_difference
from ..registry import register_check
from ..spec import Call
from .base import CheckContext, Counterexample, Verdict, search_counterexample

_MAX_EXAMPLES = 10


@register_check(
    "jit",
    description={
        "en": "works when wrapped in jax.jit with traced arguments",
        "ko": "추적 인자와 함께 jax.jit으로 감싸도 동작",
    },
)
def jit(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name

    def body(call: Call) -> None:
        outcome = ctx.session.call(name, call, mode="jit", array_kind="jax",
                                   static_argnames=ctx.exercise.static_argnames, timeout=ctx.timeout())
        if outcome.error is not None:
            raise Counterexample(call, ctx.text("jit.raised", input=ctx.describe_call(call),
                                                explanation=ctx.explain(outcome.error)))
        expected = ctx.expected(call)
        difference = find_difference(expected, outcome.output, ctx.exercise.tolerance)
        if difference is not None:
            raise Counterexample(call, ctx.text("jit.failed", input=ctx.describe_call(call),
                                                detail=ctx.describe_difference(difference, expected, outcome.output)))

    search = search_counterexample(ctx, "jit", body, min(_MAX_EXAMPLES, ctx.exercise.max_examples))
    if search.counterexample is None:
        return Verdict.passed(ctx.text("jit.passed", examples=search.examples), examples=search.examples)
    return Verdict.failed(search.counterexample.explanation, examples=search.examples)
