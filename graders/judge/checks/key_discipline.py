"""`key_discipline`: a random key is used once; a function that needs more randomness splits it first.

Decided by JAX's own key-reuse checker (`jax_debug_key_reuse`), which the worker turns on around each call:
a typed key (`jax.random.key`) consumed twice raises `KeyReuseError` at the second use, with its line. The
exercise's inputs must hold typed keys (`strategies.prng_keys`): the checker reads no raw `uint32` key.
Reusing a key gives samples that are not independent, which no comparison of outputs can see when the
reference itself is only known in distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from graders.common.format import clip_code
from graders.common.registry import register_check
from graders.common.spec import Check

from ..strategies import holds_a_key
from .base import CheckContext, Verdict, draw_examples, prepare_drawn

_MAX_EXAMPLES = 5


@register_check(
    "key_discipline",
    prepare=prepare_drawn("key_discipline", _MAX_EXAMPLES),
    description={
        "en": "uses each random key once, splitting it for more randomness (JAX's key-reuse checker)",
        "ko": "난수 키를 한 번씩만 쓰고, 더 필요하면 split으로 나눔(JAX의 키 재사용 검사기)",
    },
)
def key_discipline(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    calls = draw_examples(ctx.exercise, min(_MAX_EXAMPLES, ctx.exercise.max_examples), "key_discipline")
    if calls and not any(holds_a_key(call) for call in calls):
        # JAX's checker reads typed keys only: without one every call would pass, whatever it does.
        return Verdict.error(ctx.text("key_discipline.no_typed_key", name=name))
    for call in calls:
        ctx.check_deadline()
        outcome = ctx.session.call(name, call, mode="key_reuse_checked", array_kind="jax", timeout=ctx.timeout())
        error = outcome.error
        if error is None:
            continue
        if not error.is_a("KeyReuseError"):
            # Another failure is correctness's to explain; this check has nothing to say on it.
            return Verdict.failed(ctx.text("key_discipline.raised", name=name, input=ctx.describe_call(call),
                                           explanation=ctx.explain(error)))
        place = (ctx.text("key_discipline.at", where=ctx.where(error.filename, error.line),
                          code=clip_code(error.source)) if error.line else "")
        return Verdict.failed(ctx.text("key_discipline.reused", name=name, at=place, input=ctx.describe_call(call)))
    return Verdict.passed(ctx.text("key_discipline.passed", name=name, count=len(calls)))


@dataclass(frozen=True)
class KeyDiscipline(Check):
    """`KeyDiscipline(points)`: No random key is used twice, by JAX's own key-reuse checker (inputs must be
    `prng_keys()`).
    """

    name: ClassVar[str] = "key_discipline"

__all__ = ["KeyDiscipline"]
