"""One object through a grading: the steps read one `_Grading`, and checks return the notes they raise
for the instructor with their verdict instead of appending them to a list they were handed."""

from __future__ import annotations

import dataclasses
import inspect

from graders.common.results import Status
from graders.judge import grade
from graders.judge.checks.base import CheckContext, Verdict
from graders.judge.options import GradingOptions
from graders.judge.supervisor.session import InstrumentTampered


def test_a_check_context_carries_no_list_to_append_flags_to() -> None:
    assert "flags" not in {field.name for field in dataclasses.fields(CheckContext)}
    assert Verdict(Status.PASSED, "").flags == ()


def test_each_step_takes_the_grading_not_a_row_of_arguments() -> None:
    for step in (grade._grade_exercise, grade._judge_exercise, grade._run_deferred):
        parameters = list(inspect.signature(step).parameters)
        assert parameters[0] == "grading" and len(parameters) <= 3, (step.__name__, parameters)


def test_flags_keep_the_order_they_were_raised_in_and_a_checks_note_appears_once() -> None:
    flags = grade._Flags()
    flags.add("other-assignment", "needs-review: line 3", "needs-review: line 3")
    flags.add_once("instrument tampered", "instrument tampered", "timing forged")
    flags.add_once("instrument tampered")
    assert flags.in_order() == ("other-assignment", "needs-review: line 3", "needs-review: line 3",
                                "instrument tampered", "timing forged")


def test_a_tampered_instrument_is_an_error_that_returns_its_flag() -> None:
    verdict = grade._tampered(InstrumentTampered(["jax.jit replaced"]), GradingOptions(lang="en"))
    assert verdict.status is Status.ERROR and not verdict.earns_points
    assert len(verdict.flags) == 1 and "jax.jit replaced" in verdict.flags[0].text
    assert verdict.flags[0].code == "instrument-tampered"
