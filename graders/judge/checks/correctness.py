"""`correctness`: generated inputs, as NumPy and as JAX arrays, against the reference."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from graders.common.registry import register_check
from graders.common.spec import Call, Check, Exercise

from ..supervisor.replies import CallOutcome
from .base import (
    CheckContext,
    Counterexample,
    SearchOutcome,
    Verdict,
    draw_examples,
    require_reference_output,
    search_counterexample,
    unseen_examples,
    verdict_from_search,
)

ARRAY_KINDS = ("numpy", "jax")


def _draw_ahead(exercise: Exercise) -> None:
    draw_examples(exercise, exercise.max_examples, "correctness")


@register_check(
    "correctness",
    gate=True,
    prepare=_draw_ahead,
    # Outputs the judge compares with its own reference, on inputs it generated: nothing the
    # worker merely says, so a submission flagged for review keeps these points.
    rests_on_worker=False,
    description={
        "en": "matches the reference on hypothesis-generated inputs (NumPy and JAX arrays)",
        "ko": "hypothesis가 생성한 입력(NumPy, JAX 배열)에서 참조 답안과 일치",
    },
)
def correctness(ctx: CheckContext) -> Verdict:
    name = ctx.exercise.name
    # First the examples hypothesis generates, drawn while the cells ran (`_draw_ahead`): a search
    # drawing them one by one costs the judge more than the calls cost the worker. Only if one
    # fails does hypothesis search again, with the same seed (so the same examples, in the same
    # order), and shrink what fails.
    examples = draw_examples(ctx.exercise, ctx.exercise.max_examples, "correctness")
    first_failure: Counterexample | None = None
    failed_unseen = False
    tried = 0

    def first_pass(calls: list[Call]) -> Counterexample | None:
        nonlocal tried
        for call in calls:
            ctx.check_deadline()
            tried += 1
            outcomes = ctx.session.call_each_kind(name, call, ARRAY_KINDS, timeout=ctx.timeout(),
                                                  meanwhile=lambda: ctx.expected(call))  # noqa: B023 - runs now
            try:
                for kind, outcome in zip(ARRAY_KINDS, outcomes):
                    require_reference_output(ctx, call, outcome, raised="correctness.raised",
                                             wrong="correctness.failed", locate=True, given=ctx.given_as(call, kind))
            except Counterexample as found:
                return found
        return None

    first_failure = first_pass(examples)
    if first_failure is None:
        # Then a few that no one can know ahead: an answer learnt for the drawn inputs fails these.
        first_failure = first_pass(unseen_examples(ctx, "correctness", examples))
        failed_unseen = first_failure is not None
    if first_failure is None:
        return verdict_from_search(ctx, SearchOutcome(None, tried), "correctness.passed")
    # Until an example fails, both calls of an example go in one request. Once one has failed,
    # hypothesis shrinks it, and most examples it tries fail too: one kind a request then, so a
    # wrong NumPy answer is not followed by a JAX call whose answer nobody reads.
    shrinking = False

    def compare(kind: str, call: Call, outcome: CallOutcome) -> None:
        nonlocal shrinking
        try:
            require_reference_output(ctx, call, outcome, raised="correctness.raised", wrong="correctness.failed",
                                     locate=True, given=ctx.given_as(call, kind))
        except Counterexample:
            shrinking = True
            raise

    def body(call: Call) -> None:
        if shrinking:
            for kind in ARRAY_KINDS:
                compare(kind, call, ctx.session.call(name, call, array_kind=kind, timeout=ctx.timeout(),
                                                     meanwhile=lambda: ctx.expected(call)))
            return
        outcomes = ctx.session.call_each_kind(name, call, ARRAY_KINDS, timeout=ctx.timeout(),
                                              meanwhile=lambda: ctx.expected(call))
        for kind, outcome in zip(ARRAY_KINDS, outcomes):
            compare(kind, call, outcome)

    search = search_counterexample(ctx, "correctness", body, ctx.exercise.max_examples, unseen=failed_unseen)
    if search.counterexample is None and not search.flaky:
        # The search met no failure where the first pass did: the function answers the same input
        # differently (as `search.flaky` says when hypothesis sees it), and the input it failed is
        # the one to show.
        search = SearchOutcome(first_failure, search.examples, flaky=True)
    if search.counterexample is not None:
        search = SearchOutcome(search.counterexample.with_diagnosis(ctx, first_failure), search.examples,
                               search.flaky)
    return verdict_from_search(ctx, search, "correctness.passed")


@dataclass(frozen=True)
class Correctness(Check):
    """`Correctness(points)`: The gate of a deterministic exercise: outputs equal the reference's on generated inputs
    and its shrunk counterexamples.
    """

    name: ClassVar[str] = "correctness"

__all__ = ["Correctness"]
