"""`jit_compiled`: the function is bound by `jax.jit` as submitted.

The judge reads it from the source: `@jax.jit`, `@partial(jax.jit, ...)` or
`name = jax.jit(f, ...)` as the last module-level binding of the name. The
worker's report of the object's exact type (the very type `jax.jit` returns,
read before student code loaded) must agree; it can only cost the point,
since a report from the student's process proves nothing by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from graders.common.format import clip_code
from graders.common.registry import register_check
from graders.common.spec import Check

from ..source.jit_sites import jit_built_inside
from .base import CheckContext, Verdict


@register_check(
    "jit_compiled",
    description={
        "en": "is bound by jax.jit as submitted (@jax.jit, @partial(jax.jit, ...) or name = jax.jit(f)), "
              "read from the source",
        "ko": "제출된 상태로 jax.jit으로 묶여 있음(@jax.jit, @partial(jax.jit, ...) 또는 name = jax.jit(f)), "
              "소스에서 읽음",
    },
)
def jit_compiled(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    binding = ctx.binding()
    where = ctx.where(binding.filename, binding.line)
    details = {"binding": binding.kind, "line": binding.line}
    if binding.kind == "plain":
        # The student reached for jit, but inside: name that line, not only the `def`.
        built = jit_built_inside(ctx.source, name)
        if built is not None:
            filename, line, code = built
            return Verdict.failed(ctx.text("jit_compiled.plain_inner", name=name, where=ctx.where(filename, line),
                                           code=clip_code(code), def_where=where, fix=ctx.jit_fix()), **details)
    if binding.kind in ("plain", "unreadable", "missing"):
        return Verdict.failed(ctx.text(f"jit_compiled.{binding.kind}", name=name, where=where, binding=binding.detail,
                                       fix=ctx.jit_fix()), **details)
    info = ctx.session.describe(name)
    if not info.jit_compiled:
        return Verdict.failed(ctx.text("jit_compiled.disagrees", name=name, where=where, binding=binding.detail,
                                       type=info.type), **details)
    return Verdict.passed(ctx.text("jit_compiled.passed", name=name, where=where, binding=binding.detail), **details)


@dataclass(frozen=True)
class JitCompiled(Check):
    """`JitCompiled(points)`: The function is submitted already compiled with `jax.jit` (for an exercise whose
    statement asks for it).
    """

    name: ClassVar[str] = "jit_compiled"

__all__ = ["JitCompiled"]
