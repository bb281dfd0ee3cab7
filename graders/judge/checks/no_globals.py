"""`no_globals`: the function depends on nothing but its arguments.

Two kinds of evidence, both gathered in the worker: the function's code, and the
code of everything it reaches, names the module-level data it reads or assigns;
and every call of it, in every check, runs with what it can reach fingerprinted
before and after (`sandboxed/state_watch.py`), which shows state a call changed (a
list in a closure, a class attribute, a mutable default, a cache in a decorator,
a global random generator drawn from). Whether a call changed anything the judge
reads from the worker's event stream; the worker's reply only says what. Modules,
functions and classes used as such are fine, and so is a logger (with a note).
"""

from __future__ import annotations

import re

from graders.common.format import clip_code, format_value
from graders.common.registry import register_check

from ..compare import same_data
from ..source.outside_inputs import outside_inputs
from ..source.parsed import statement_matching
from ..supervisor.replies import GlobalUse, StateChange
from .base import CheckContext, Verdict, draw_examples

_LISTED = 3
_STATE_KINDS = ("closure", "default", "attribute", "class", "global", "module", "cache", "partial", "bound", "rng",
                "function", "library", "library_callable", "resident", "files", "logger", "process", "registered",
                "other_global", "settings")
_CHANGE_KINDS = ("items", "number", "cache", "contents", "created", "removed")
# Where data read by the function lives, besides the module's globals.
_READ_PLACES = ("class", "builtins", "module", "attribute")


_HISTORY = 4


@register_check(
    "no_globals",
    prepare=lambda exercise: draw_examples(exercise, 1, "no_globals"),
    description={
        "en": "reads, writes and keeps no module-level data or hidden state (modules, functions and classes are fine)",
        "ko": "모듈 수준 데이터나 숨은 상태를 읽거나 쓰거나 간직하지 않음(모듈, 함수, 클래스는 허용)",
    },
)
def no_globals(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    # Read in the judge first: a result that may depend on the clock or the system's randomness.
    outside = outside_inputs(ctx.source, name)
    if outside:
        read = outside[0]
        return Verdict.failed(ctx.text(f"no_globals.{read.kind}", name=name, what=read.what,
                                       where=ctx.where(read.filename, read.line), code=clip_code(read.code)),
                              outside=[each.what for each in outside])
    # Decided in the judge, by comparison: the same call before and after other calls must give the same
    # output, bit for bit. State that changes an output fails here wherever it is kept (issue #50).
    changed = _output_after_history(ctx)
    if changed is not None:
        return changed
    call = draw_examples(ctx.exercise, 1, "no_globals")[0]
    found = ctx.session.global_uses(name, call, timeout=ctx.timeout())
    uses = [use for use in found if use.access != "logger"]
    if not uses:
        notes = [_logger_note(ctx, use) for use in found if use.access == "logger"][:1]
        return Verdict.passed(" ".join([ctx.text("no_globals.passed", name=name), *notes]))
    described = [_describe(ctx, use) for use in uses[:_LISTED]]
    if len(uses) > _LISTED:
        described.append(f"(+{len(uses) - _LISTED})")
    reasons = []
    if any(use.access != "state" for use in uses):
        reasons.append(ctx.text("no_globals.why_read"))
    if any(use.access == "state" and use.type != "rng" for use in uses):
        reasons.append(ctx.text("no_globals.why_state"))
    if any(use.access == "state" and use.type == "rng" for use in uses):
        reasons.append(ctx.text("no_globals.why_rng"))
    # The first use in the opening sentence, with its line; each other one on a line of its own.
    more = "".join(f"\n- {use}" for use in described[1:])
    first = described[0][:1].upper() + described[0][1:]  # it opens a sentence
    return Verdict.failed(ctx.text("no_globals.failed", name=name, first=first, more=more,
                                   why=" ".join(reasons)),
                          globals=[use.name for use in uses])


def _output_after_history(ctx: CheckContext) -> Verdict | None:
    """A failed verdict when a call's output differs after `_HISTORY` other calls; None when it does not, or
    when a call raised (correctness says why)."""
    name = ctx.exercise.name
    # Correctness's own inputs: their programs are compiled already, so the comparison costs calls only.
    calls = draw_examples(ctx.exercise, ctx.exercise.max_examples, "correctness")[:1 + _HISTORY]
    if len(calls) < 2:
        return None
    first, history = calls[0], calls[1:]
    before = ctx.session.call(name, first, array_kind="jax", timeout=ctx.timeout())
    if before.error is not None:
        return None
    for other in history:
        if ctx.session.call(name, other, array_kind="jax", timeout=ctx.timeout()).error is not None:
            return None
    after = ctx.session.call(name, first, array_kind="jax", timeout=ctx.timeout())
    if after.error is not None or same_data(before.output, after.output) is None:
        return None
    return Verdict.failed(ctx.text("no_globals.output_changed", name=name, calls=len(history),
                                   input=ctx.describe_call(first), before=format_value(before.output),
                                   after=format_value(after.output)), history=len(history))


def _logger_note(ctx: CheckContext, use: GlobalUse) -> str:
    """A logger the function names is no dependency; what its calls do under jit is worth knowing."""
    where = ctx.text("where.short", filename=ctx.place(use.filename), line=use.line) if use.filename else ""
    return ctx.text("no_globals.logger_note", function=use.function, logger=use.name, where=where)


def _describe(ctx: CheckContext, use: GlobalUse) -> str:
    where = ctx.text("where.short", filename=ctx.place(use.filename), line=use.line) if use.filename else ""
    if use.access == "state":
        kind = use.type if use.type in _STATE_KINDS else "global"
        owner, part = use.name, use.part
        if use.change.kind == "unnamed":
            return ctx.text("no_globals.state_unnamed", function=use.function)
        if kind == "rng":
            return ctx.text("no_globals.state_rng", function=use.function, owner=owner)
        if use.change.kind == "unreadable":
            # Mutable state the worker cannot read without changing it: no evidence of purity.
            place = ctx.text(f"place.{kind}", owner=owner, part=part)
            return ctx.text("no_globals.unreadable", function=use.function, place=place, type=use.change.type)
        if use.change.attribute:
            # An object's attribute changed: name the attribute itself.
            owner, part, kind = (f"{owner}.{part}" if part else owner), use.change.attribute, "attribute"
            if use.type == "global":
                kind = "object"
        described = ctx.text(f"no_globals.state_{kind}", function=use.function, owner=owner, part=part,
                             change=_describe_change(ctx, use.change))
        found = _stating_line(ctx, use, (part, use.change.attribute, owner))
        if found is None:
            return described
        filename, line, code = found
        return ctx.text("no_globals.state_line", described=described, where=ctx.where(filename, line),
                        code=clip_code(code))
    if use.access == "namespace":
        return ctx.text("no_globals.namespace", function=use.function, where=where)
    if use.access == "write":
        key = "no_globals.write" if where else "no_globals.write_at_run_time"
        return ctx.text(key, function=use.function, global_name=use.name, where=where)
    key = f"no_globals.read_{use.part}" if use.part in _READ_PLACES else "no_globals.read"
    return ctx.text(key, function=use.function, global_name=use.name, type=use.type, where=where)


def _describe_change(ctx: CheckContext, change: StateChange) -> str:
    kind = change.kind if change.kind in _CHANGE_KINDS else "contents"
    if kind == "items":
        return ctx.text("change.items", delta=f"{change.delta:+g}", type=change.type)
    if kind in ("number", "cache"):
        return ctx.text(f"change.{kind}", delta=f"{change.delta:+g}")
    return ctx.text(f"change.{kind}")


def _stating_line(ctx: CheckContext, use: GlobalUse, names: tuple[str, ...]) -> tuple[str, int, str] | None:
    """The first statement of the function (read in the judge) that names the state's place, by its
    part, attribute or owner in turn: only running it showed the change, the source shows where."""
    candidates = [name for name in names if name and name.isidentifier()]
    # First a statement that changes it (a method call, an augmented or item assignment), then any
    # that names it (a call of the object that keeps the state).
    # `[^]\n]*`, not `.*`: no backtracking over a long statement (round 49 made one cost seconds per name).
    patterns = [rf"\b{re.escape(name)}(\.\w+\(|\s*[-+*/%|&]=|\[[^]\n]*\]\s*[-+*/%|&]?=(?!=))" for name in candidates]
    patterns += [rf"\b{re.escape(name)}\b" for name in candidates]
    for pattern in patterns:
        for function in (*dict.fromkeys((use.function, ctx.exercise.name)), None):
            found = statement_matching(ctx.source, function, pattern)
            if found is not None:
                return found
    return None
