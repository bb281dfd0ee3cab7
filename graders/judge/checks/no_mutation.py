"""`no_mutation`: every argument, positional and keyword, is unchanged after the call.

Arguments arrive as NumPy arrays (the inputs that *can* be written in place;
JAX arrays cannot) and as the lists and dicts that hold them. Every array lives
in memory the judge shares with the worker (`supervisor/arguments.py`): after
the call the judge reads its bytes there and compares them bit for bit with
what it wrote, whatever the worker says. The containers live only in the
worker's heap: what they hold after the call (an array replaced, a key added)
is the worker's report, which can only cost points. A call that raises proves
nothing, so it never passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from graders.common.format import clip_code
from graders.common.registry import register_check
from graders.common.spec import Call, Check

from ..compare import Difference, same_data
from ..source.mutations import donation_site, mutation_sites
from ..supervisor.replies import CallOutcome, EarlierArguments
from .base import (
    CheckContext,
    Counterexample,
    Verdict,
    draw_examples,
    prepare_drawn,
    search_drawn_first,
    verdict_from_search,
)

_MAX_EXAMPLES = 10


@register_check(
    "no_mutation",
    prepare=prepare_drawn("no_mutation", _MAX_EXAMPLES),
    description={
        "en": "leaves every argument (NumPy arrays, nested lists and dicts, keyword arguments) unchanged",
        "ko": "모든 인자(NumPy 배열, 중첩된 list와 dict, 키워드 인자)를 변경하지 않음",
    },
)
def no_mutation(ctx: CheckContext) -> Verdict:
    exercise = ctx.exercise

    def body(call: Call) -> None:
        outcome = ctx.session.call(exercise.name, call, array_kind="numpy", echo_args=True, timeout=ctx.timeout())
        if outcome.error is not None:
            raise Counterexample(call, ctx.text("no_mutation.raised", input=ctx.describe_call(call),
                                                given=ctx.given_as(call, "numpy"),
                                                explanation=ctx.explain(outcome.error)))
        changed = next(_changed_arguments(exercise.parameters, call, outcome), None)
        if changed is not None:
            argument, difference = changed
            site = next(iter(mutation_sites(ctx.source, exercise.name, argument)), None)
            if site is not None:
                # The line that does it, read from the source in the judge, and the fix for that line.
                # `.at[...]` is for arrays: a dict or list the call was given gets a new container.
                container = isinstance(_argument_value(exercise.parameters, call, argument), (dict, list))
                fix = (ctx.text("no_mutation.fix_line", fix=site.fix) if site.fix and (site.on_item or not container)
                       else ctx.text("no_mutation.fix_new_value", argument=argument))
                raise Counterexample(call, ctx.text(
                    "no_mutation.failed_at", where=ctx.where(site.filename, site.line), code=clip_code(site.code),
                    argument=argument, input=ctx.describe_call(call), detail=_describe(ctx, argument, difference),
                    fix=fix))
            raise Counterexample(call, ctx.text("no_mutation.failed", input=ctx.describe_call(call), argument=argument,
                                                detail=_describe(ctx, argument, difference)))

    # An argument changed is proof by itself: a change the search does not meet again still fails.
    search = search_drawn_first(ctx, "no_mutation", body, min(_MAX_EXAMPLES, exercise.max_examples),
                                unreproduced_is_flaky=False)
    if search.counterexample is None and not search.flaky:
        changed_jax = _jax_arguments_changed(ctx)
        if changed_jax is not None:
            return changed_jax
        # A caller keeps its arguments after the call returns: the arguments of every call, read again
        # after all later calls, must still be what was sent (a function that keeps them and changes
        # them one call late changed its caller's data all the same).
        for earlier in ctx.session.earlier_arguments():
            changed = next(_earlier_changes(exercise.parameters, earlier), None)
            if changed is not None:
                argument, difference = changed
                return Verdict.failed(ctx.text("no_mutation.later_call", name=exercise.name, argument=argument,
                                               input=ctx.describe_call(earlier.call),
                                               detail=_describe(ctx, argument, difference)),
                                      examples=search.examples)
    return verdict_from_search(ctx, search, "no_mutation.passed")


def _earlier_changes(parameters: tuple[str, ...], earlier: EarlierArguments) -> Iterator[tuple[str, Difference]]:
    """(argument, difference) for an earlier call's argument that later calls changed: an array given
    another object, or a container of another shape (values are not compared: see `earlier_arguments`)."""
    for where, path, how in earlier.replaced:
        argument = (where if isinstance(where, str)
                    else parameters[where] if where < len(parameters) else f"#{where}")
        yield argument, Difference(path, how, "", "")
    if earlier.args_now is not None:
        for argument, difference in _differences(parameters, earlier.call, earlier.args_now, earlier.kwargs_now):
            if difference.kind in ("type", "keys", "length"):
                yield argument, difference


def _jax_arguments_changed(ctx: CheckContext) -> Verdict | None:
    """A failed verdict when a call given JAX arrays leaves one of them deleted or reading other values.

    JAX hands a donated argument's memory to the output (`donate_argnums`), and the caller's array can no
    longer be read; a JAX array's private attributes can make it read as other numbers. These arrays are not in
    the judge's memory, so the worker reports both, and the report can only cost the point."""
    exercise = ctx.exercise
    # The drawn input with the most distinct numbers: hypothesis often draws all zeros first, which hides a
    # change to zeros.
    call = max(draw_examples(exercise, min(_MAX_EXAMPLES, exercise.max_examples), "no_mutation"), key=_distinct_values)
    outcome = ctx.session.call(exercise.name, call, array_kind="jax", echo_args=True, timeout=ctx.timeout())
    if outcome.error is not None:
        return None
    if not outcome.deleted:
        if not isinstance(outcome.args_before, list) or not isinstance(outcome.kwargs_before, dict):
            return None
        given = Call(tuple(outcome.args_before), outcome.kwargs_before)
        changed = next(_differences(exercise.parameters, given, outcome.args_after, outcome.kwargs_after), None)
        if changed is None:
            return None
        argument, difference = changed
        return Verdict.failed(ctx.text("no_mutation.failed", input=ctx.describe_call(call), argument=argument,
                                       detail=_describe(ctx, argument, difference)))
    where, path = outcome.deleted[0]
    argument = (exercise.parameters[where] if type(where) is int and 0 <= where < len(exercise.parameters)
                else str(where)) + path
    site = donation_site(ctx.source)
    place = (ctx.text("no_mutation.donated_at", where=ctx.where(site.filename, site.line), code=clip_code(site.code))
             if site is not None else "")
    return Verdict.failed(ctx.text("no_mutation.donated", name=exercise.name, argument=argument, at=place,
                                   input=ctx.describe_call(call)), deleted=[argument])


def _distinct_values(call: Call) -> int:
    """How many distinct numbers the call's NumPy arrays hold, all together."""
    arrays = [value for value in (*call.args, *call.kwargs.values()) if isinstance(value, np.ndarray)]
    return sum(len(np.unique(array)) for array in arrays if array.size)


def _changed_arguments(parameters: tuple[str, ...], call: Call,
                       outcome: CallOutcome) -> Iterator[tuple[str, Difference]]:
    """(argument name, first difference) for each argument that is not what was sent: first as the
    judge reads the arrays in shared memory itself, then as the worker reports the containers."""
    for where, path, how in outcome.replaced:
        argument = (where if isinstance(where, str)
                    else parameters[where] if where < len(parameters) else f"#{where}")
        yield argument, Difference(path, how, "", "")
    if outcome.args_seen is not None:
        yield from _differences(parameters, call, outcome.args_seen, outcome.kwargs_seen)
    yield from _differences(parameters, call, outcome.args_after, outcome.kwargs_after)


def _differences(parameters: tuple[str, ...], call: Call, args: Any, kwargs: Any) -> Iterator[tuple[str, Difference]]:
    after_args = args if isinstance(args, (list, tuple)) else None
    after_kwargs = kwargs if isinstance(kwargs, dict) else None
    if after_args is None or len(after_args) != len(call.args):
        yield "*args", Difference("", "length", str(len(call.args)), str(len(after_args or ())))
        return
    if after_kwargs is None or sorted(after_kwargs) != sorted(call.kwargs):
        yield "**kwargs", Difference("", "keys", str(sorted(call.kwargs)), str(sorted(after_kwargs or {})))
        return
    pairs: list[tuple[str, Any, Any]] = [
        (parameters[position] if position < len(parameters) else f"#{position}", before, after)
        for position, (before, after) in enumerate(zip(call.args, after_args))
    ]
    pairs += [(key, value, after_kwargs[key]) for key, value in call.kwargs.items()]
    for argument, before, after in pairs:
        difference = same_data(before, after)
        if difference is not None:
            yield argument, difference


def _describe(ctx: CheckContext, argument: str, difference: Difference) -> str:
    path = f"{argument}{difference.path}"
    if difference.kind in ("replaced", "read_only", "rebuilt"):
        return ctx.text(f"mutation.{difference.kind}", path=path)
    if difference.kind == "value" and difference.index:
        return ctx.text("mutation.value", path=path, index=difference.index,
                        before=difference.expected, after=difference.actual)
    if difference.kind == "value":
        return ctx.text("mutation.value_scalar", path=path, before=difference.expected, after=difference.actual)
    return ctx.text("mutation.structure", path=path, before=difference.expected, after=difference.actual)


def _argument_value(parameters: tuple[str, ...], call: Call, argument: str) -> Any:
    """What the call passed as `argument`, by keyword or by position; None when it passed nothing."""
    if argument in call.kwargs:
        return call.kwargs[argument]
    position = parameters.index(argument) if argument in parameters else len(call.args)
    return call.args[position] if position < len(call.args) else None


@dataclass(frozen=True)
class NoMutation(Check):
    """`NoMutation(points)`: The function changes none of its arguments."""

    name: ClassVar[str] = "no_mutation"

__all__ = ["NoMutation"]
