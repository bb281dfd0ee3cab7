"""`jit_compiled`: the function is a jit-compiled callable as submitted."""

from __future__ import annotations

from ..registry import register_check
from .base import CheckContext, Verdict


@register_check(
    "jit_compiled",
    description={
        "en": "is jit-compiled as submitted (@jax.jit or jax.jit(...))",
        "ko": "제출된 상태로 jit 컴파일됨(@jax.jit 또는 jax.jit(...))",
    },
)
def jit_compiled(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    info = ctx.session.describe(name)
    if info.jit_compiled:
        return Verdict.passed(ctx.text("jit_compiled.passed", name=name))
    return Verdict.failed(ctx.text("jit_compiled.failed", name=name, type=info.type))
