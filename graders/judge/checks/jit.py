"""`jit`: the function works, and agrees with the reference, under `jax.jit`.

A random exercise (its gate is `distribution`) has no single right output: several orders of splits are
right. There the function must give under `jax.jit` what it gives without it for the same key, as JAX's
random functions do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from graders.common.format import format_value
from graders.common.registry import register_check
from graders.common.spec import Call, Check

from ..compare import find_difference
from ..explain import describe_difference
from .base import (
    CheckContext,
    Counterexample,
    Verdict,
    prepare_drawn,
    require_reference_output,
    search_drawn_first,
    verdict_from_search,
)

_MAX_EXAMPLES = 10


@register_check(
    "jit",
    prepare=prepare_drawn("jit", _MAX_EXAMPLES),
    description={
        "en": "works when wrapped in jax.jit with traced arguments",
        "ko": "추적 인자와 함께 jax.jit으로 감싸도 동작",
    },
)
def jit(ctx: CheckContext) -> Verdict:
    random = next(iter(ctx.exercise.points)) == "distribution"

    def body(call: Call) -> None:
        if random:
            _same_with_and_without_jit(ctx, call)
            return
        outcome = ctx.session.call(ctx.exercise.name, call, mode="jit", array_kind="jax",
                                   static_argnames=ctx.exercise.static_argnames, timeout=ctx.timeout(),
                                   meanwhile=lambda: ctx.expected(call))
        require_reference_output(ctx, call, outcome, raised="jit.raised", wrong="jit.failed")

    search = search_drawn_first(ctx, "jit", body, min(_MAX_EXAMPLES, ctx.exercise.max_examples))
    return verdict_from_search(ctx, search, "jit.passed_random" if random else "jit.passed")


def _same_with_and_without_jit(ctx: CheckContext, call: Call) -> None:
    """Raise a Counterexample unless the jitted function returns, within the tolerance, what the function
    returns without jit on the same call (a random exercise: the same key, the same numbers)."""
    name = ctx.exercise.name
    plain = ctx.session.call(name, call, mode="as_submitted", array_kind="jax", timeout=ctx.timeout())
    jitted = ctx.session.call(name, call, mode="jit", array_kind="jax", static_argnames=ctx.exercise.static_argnames,
                              timeout=ctx.timeout())
    for outcome, key in ((jitted, "jit.raised"), (plain, "jit.unjitted_raised")):
        if outcome.error is not None:
            message = ctx.text(key, input=ctx.describe_call(call), explanation=ctx.explain(outcome.error))
            diagnosis = ctx.error_line(outcome.error)
            raise Counterexample(call, f"{diagnosis}\n{message}" if diagnosis else message)
    difference = find_difference(plain.output, jitted.output, ctx.exercise.tolerance)
    if difference is not None:
        full = ctx.text("jit.unjitted_full", unjitted=format_value(plain.output), jitted=format_value(jitted.output))
        message = ctx.text("jit.random_differs", name=name, input=ctx.describe_call(call),
                           detail=describe_difference(difference, ctx.lang), full=full)
        diagnosis = ctx.returning_line()
        raise Counterexample(call, f"{diagnosis}\n{message}" if diagnosis else message)


@dataclass(frozen=True)
class Jit(Check):
    """`Jit(points)`: The function works under `jax.jit` with traced arguments and agrees with the reference there."""

    name: ClassVar[str] = "jit"

__all__ = ["Jit"]
