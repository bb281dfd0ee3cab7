"""`no_globals`: the function and its own helpers touch no module-level data."""

from __future__ import annotations

from ..registry import register_check
from .base import CheckContext, Verdict

_LISTED = 3


@register_check(
    "no_globals",
    description={
        "en": "reads and writes no module-level data (modules, functions and classes are fine)",
        "ko": "모듈 수준 데이터를 읽거나 쓰지 않음(모듈, 함수, 클래스는 허용)",
    },
)
def no_globals(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    uses = ctx.session.global_uses(name)
    if not uses:
        return Verdict.passed(ctx.text("no_globals.passed", name=name))
    described = []
    for use in uses[:_LISTED]:
        where = ctx.text("where.short", filename=use.filename, line=use.line)
        key = "no_globals.write" if use.access == "write" else "no_globals.read"
        described.append(ctx.text(key, function=use.function, global_name=use.name, type=use.type, where=where))
    if len(uses) > _LISTED:
        described.append(f"(+{len(uses) - _LISTED})")
    return Verdict.failed(ctx.text("no_globals.failed", name=name, uses="; ".join(described)),
                          globals=[use.name for use in uses])
