"""`no_globals`: the function depends on nothing but its arguments, and changes nothing a caller can see.

Decided in the judge, on evidence the submission cannot reach (issue #50's policy, `docs/security.md`):

1. **The source, read in the judge** (`source/outside_inputs.py`, `source/reached_state.py`): everything the
   call can run, followed from the graded name's binding, reads no clock or system randomness, reads no
   module-level data, assigns or changes none in place, keeps no state between calls (a factory's or a
   decorator's closure, a mutable default, a `partial`'s bound argument, a class attribute, a module-level
   iterator) and draws from no global random generator. Modules, functions, classes and loggers are code,
   not data. Routes no reading follows (`globals()`, `sys.modules`) fail here too; the library patches and
   computed names behind them are the tripwires' (`source/tripwires.py`).
2. **The outputs, compared in the judge**: each of 5 to 7 of correctness's calls, made again after the
   others in another order (their number and orders drawn from the exercise's seed), returns the same output
   bit for bit. State that changes an output fails here, wherever it is kept (JAX's
   caches, a library's internals, places no reading follows). A side effect that changes no output and
   that the source hides costs nothing: what no caller can see, no caller depends on.

Nothing the worker reports about state decides this check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from graders.common.format import clip_code, format_value
from graders.common.registry import register_check
from graders.common.spec import Check

from ..compare import same_data
from ..source.outside_inputs import outside_inputs
from ..source.reached_state import StateUse, reached_state
from .base import CheckContext, Verdict, draw_examples, stable_seed

_LISTED = 3
# The comparison makes 5 to 7 of the function's first calls again (their number and order drawn from the
# exercise's seed).
_HISTORY = 4
_MAX_HISTORY = 6


@register_check(
    "no_globals",
    prepare=lambda exercise: draw_examples(exercise, exercise.max_examples, "correctness"),
    # After every exercise's other checks: the first calls are made again after the longest history, and the
    # JAX caches it empties cost no later check a compilation.
    runs_last=True,
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
    found = reached_state(ctx.source, name)
    uses = [use for use in found if use.access != "logger"]
    if uses:
        return _failed_on_source(ctx, uses)
    # Decided by comparison: the same call before and after other calls must give the same output, bit for bit.
    changed = _output_after_history(ctx)
    if changed is not None:
        return changed
    # A logger the code names is no dependency; what its calls do under jit is worth knowing.
    notes = [ctx.text("no_globals.logger_note", function=use.function, logger=use.name,
                      where=ctx.where(use.filename, use.line)) for use in found if use.access == "logger"][:1]
    return Verdict.passed(" ".join([ctx.text("no_globals.passed", name=name), *notes]))


def _failed_on_source(ctx: CheckContext, uses: list[StateUse]) -> Verdict:
    name = ctx.exercise.name
    described = [_describe(ctx, use) for use in uses[:_LISTED]]
    if len(uses) > _LISTED:
        described.append(f"(+{len(uses) - _LISTED})")
    reasons = []
    if any(use.access in ("read", "namespace") for use in uses):
        reasons.append(ctx.text("no_globals.why_read"))
    if any(use.access in ("write", "state") and use.kind != "rng" for use in uses):
        reasons.append(ctx.text("no_globals.why_state"))
    if any(use.kind == "rng" for use in uses):
        reasons.append(ctx.text("no_globals.why_rng"))
    # The first use in the opening sentence, with its line; each other one on a line of its own.
    more = "".join(f"\n- {use}" for use in described[1:])
    first = described[0][:1].upper() + described[0][1:]  # it opens a sentence
    return Verdict.failed(ctx.text("no_globals.failed", name=name, first=first, more=more, why=" ".join(reasons)),
                          globals=sorted({use.name for use in uses}))


def _describe(ctx: CheckContext, use: StateUse) -> str:
    where = ctx.where(use.filename, use.line)
    if use.access == "read":
        key = {"class": "no_globals.read_class", "module": "no_globals.read_module",
               "attribute": "no_globals.read_attribute", "builtins": "no_globals.read_builtins"}.get(
                   use.kind, "no_globals.read")
        return ctx.text(key, function=use.function, global_name=use.name, type=use.type or "data", where=where)
    if use.access == "write":
        return ctx.text("no_globals.write", function=use.function, global_name=use.name, where=where)
    if use.access == "namespace":
        return ctx.text("no_globals.namespace", function=use.function, where=where)
    return ctx.text(f"no_globals.changes_{use.kind}", function=use.function, name=use.name, owner=use.owner,
                    where=where, code=clip_code(use.code))


def _output_after_history(ctx: CheckContext) -> Verdict | None:
    """A failed verdict when a call's output differs when it is made again after other calls; None when none
    does, or when a call raised (correctness says why).

    The calls repeated are the function's first calls in this session (correctness's first, kept with their
    outputs by the session), made again after every other check's calls, in another order, and after JAX's
    caches were emptied, so that what a trace reads is read again. State that any earlier call left behind
    then shows, however few calls it took to change: a fresh process's answers against a used one's. How many
    (`_HISTORY` to `_MAX_HISTORY` + 1) and in which order is drawn from the exercise's own seed, so a regrade
    makes the same calls in the same order."""
    name = ctx.exercise.name
    firsts = ctx.session.first_outputs(name)
    if not firsts:
        return None
    chooser = random.Random(stable_seed(name, "no_globals.history"))
    chosen = firsts[:chooser.randint(_HISTORY, _MAX_HISTORY) + 1]
    order = list(range(len(chosen)))
    chooser.shuffle(order)
    ctx.session.forget_compiled()
    for index in order:
        first = chosen[index]
        between = ctx.session.calls_made(name) - first.made_after - 1
        outcome = ctx.session.call(name, first.call, array_kind=first.array_kind, timeout=ctx.timeout())
        if outcome.error is not None:
            return None
        if same_data(first.output, outcome.output) is not None:
            return Verdict.failed(ctx.text("no_globals.output_changed", name=name, calls=between,
                                           input=ctx.describe_call(first.call),
                                           before=format_value(first.output),
                                           after=format_value(outcome.output)), history=between)
    return None


@dataclass(frozen=True)
class NoGlobals(Check):
    """`NoGlobals(points)`: The output depends on the arguments only: the first calls, made again after the caches are
    emptied, give the same outputs.
    """

    name: ClassVar[str] = "no_globals"

__all__ = ["NoGlobals"]
