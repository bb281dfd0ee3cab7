"""Example search: derandomized per exercise and check, shrinking to a minimal input."""

from __future__ import annotations

import numpy as np

from graders.common.assignments import get_assignment
from graders.common.results import Status
from graders.judge.checks.base import (
    GRADING_SETTINGS,
    CheckContext,
    Counterexample,
    SearchOutcome,
    draw_examples,
    stable_seed,
    verdict_from_search,
)


def test_examples_are_the_same_on_every_run_and_differ_between_purposes() -> None:
    exercise = get_assignment("jit").exercises[0]
    first = draw_examples(exercise, 5, "purpose-a")
    again = draw_examples(exercise, 5, "purpose-a")
    other = draw_examples(exercise, 5, "purpose-b")
    assert all(np.array_equal(a.args[0], b.args[0]) for a, b in zip(first, again))
    assert not all(np.array_equal(a.args[0], b.args[0]) for a, b in zip(first, other))


def test_grading_settings_have_no_database_no_deadline_and_stay_quiet() -> None:
    assert GRADING_SETTINGS.database is None
    assert GRADING_SETTINGS.deadline is None
    assert GRADING_SETTINGS.report_multiple_bugs is False
    assert stable_seed("norm", "correctness") == stable_seed("norm", "correctness")
    assert stable_seed("norm", "correctness") != stable_seed("norm", "jit")


def test_every_exercise_generates_inputs_from_a_small_set_of_shapes() -> None:
    from graders.common.assignments import assignments

    for assignment in assignments().values():
        for exercise in assignment.exercises:
            calls = draw_examples(exercise, 30, "shape-count")
            shapes = {tuple(np.shape(arg) for arg in call.args if isinstance(arg, np.ndarray)) for call in calls}
            assert 1 <= len(shapes) <= 6, (exercise.name, shapes)


def _context(lang: str = "en") -> CheckContext:
    # The verdict plumbing words results; it never talks to a worker.
    return CheckContext(exercise=get_assignment("jit").exercises[0], session=None, lang=lang,  # type: ignore[arg-type]
                        deadline=float("inf"))


def test_a_flaky_search_without_a_counterexample_is_an_error_never_a_pass() -> None:
    verdict = verdict_from_search(_context(), SearchOutcome(None, 7, flaky=True), "correctness.passed")
    assert verdict.status is Status.ERROR and not verdict.earns_points
    assert "not counted as a pass" in verdict.message and verdict.details["examples"] == 7


def test_a_flaky_counterexample_says_the_function_is_not_deterministic() -> None:
    call = draw_examples(get_assignment("jit").exercises[0], 1, "flaky")[0]
    found = Counterexample(call, "Wrong result for the input ...")
    verdict = verdict_from_search(_context(), SearchOutcome(found, 3, flaky=True), "correctness.passed")
    assert verdict.status is Status.FAILED
    assert "differently from one call to the next" in verdict.message and "X=array(" in verdict.message
    assert verdict.message.endswith("Wrong result for the input ...")


def test_a_search_that_found_nothing_passes_and_one_that_found_a_failure_fails() -> None:
    passed = verdict_from_search(_context("ko"), SearchOutcome(None, 25), "correctness.passed")
    assert passed.status is Status.PASSED and "25" in passed.message
    call = draw_examples(get_assignment("jit").exercises[0], 1, "found")[0]
    failed = verdict_from_search(_context(), SearchOutcome(Counterexample(call, "explained"), 4), "jit.passed")
    assert failed.status is Status.FAILED and failed.message == "explained"
