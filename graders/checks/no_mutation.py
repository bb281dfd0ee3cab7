"""`no_mutation`: NumPy-array and container arguments are unchanged after the call."""

from __future__ import annotations

from ..compare import same_data
from ..registry import register_check
from ..spec import Call
from .base import CheckContext, Counterexample, Verdict, search_counterexample

_MAX_EXAMPLES = 15


@register_check(
    "no_mutation",
    description={
        "en": "leaves its arguments (NumPy arrays, dicts, lists) unchanged",
        "ko": "인자(NumPy 배열, dict, list)를 변경하지 않음",
    },
)
def no_mutation(ctx: CheckContext) -> Verdict:
    exercise = ctx.exercise

    def body(call: Call) -> None:
        # NumPy arrays are the inputs that *can* be written in place; JAX arrays cannot.
        outcome = ctx.session.call(exercise.name, call, array_kind="numpy", echo_args=True, timeout=ctx.timeout())
        after = list(outcome.args_after or ())
        if len(after) != len(call.args):
            raise Counterexample(call, ctx.text("no_mutation.failed", input=ctx.describe_call(call),
                                                argument="*args", detail=""))
        for position, (before_value, after_value) in enumerate(zip(call.args, after)):
            difference = same_data(before_value, after_value)
            if difference is None:
                continue
            argument = exercise.parameters[position] if position < len(exercise.parameters) else f"#{position}"
            path = f"{argument}{difference.path}"
            if difference.kind == "value" and difference.index:
                detail = ctx.text("mutation.value", path=path, index=difference.index,
                                  before=difference.expected, after=difference.actual)
            elif difference.kind == "value":
                detail = ctx.text("mutation.value_scalar", path=path, before=difference.expected,
                                  after=difference.actual)
            else:
                detail = ctx.text("mutation.structure", path=path, before=difference.expected,
                                  after=difference.actual)
            raise Counterexample(call, ctx.text("no_mutation.failed", input=ctx.describe_call(call),
                                                argument=argument, detail=detail))

    search = search_counterexample(ctx, "no_mutation", body, min(_MAX_EXAMPLES, exercise.max_examples))
    if search.counterexample is None:
        return Verdict.passed(ctx.text("no_mutation.passed", examples=search.examples), examples=search.examples)
    return Verdict.failed(search.counterexample.explanation, examples=search.examples)


