"""`jit`: the function works, and agrees with the reference, under `jax.jit`."""

from __future__ import annotations

from graders.common.registry import register_check
from graders.common.spec import Call

from .base import (
    CheckContext,
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
    def body(call: Call) -> None:
        outcome = ctx.session.call(ctx.exercise.name, call, mode="jit", array_kind="jax",
                                   static_argnames=ctx.exercise.static_argnames, timeout=ctx.timeout(),
                                   meanwhile=lambda: ctx.expected(call))
        require_reference_output(ctx, call, outcome, raised="jit.raised", wrong="jit.failed")

    search = search_drawn_first(ctx, "jit", body, min(_MAX_EXAMPLES, ctx.exercise.max_examples))
    return verdict_from_search(ctx, search, "jit.passed")
