"""Every corpus submission gets the verdicts, scores and explanations it must: read from the regrade
`test_golden.py` compares with its recorded report (`regraded`, a `jaxgrade grade` of its own)."""

from __future__ import annotations

import pytest

from graders.common.assignments import assignments
from graders.common.registry import check_names
from graders.common.results import Status

from ..conftest import REPO
from ..corpus import CASES, Case
from ..expectations import bound_names, owed_score, shortfalls


def _checks(result):
    return {f"{exercise.name}.{check.name}": check for exercise in result.exercises for check in exercise.checks}


# What the corpus must hold, checked first: a missing entry fails in seconds, before any grading starts.
def test_every_exercise_of_every_assignment_is_checked_for_purity() -> None:
    for assignment in assignments().values():
        for exercise in assignment.exercises:
            assert {"no_mutation", "no_globals"} <= set(exercise.points), f"{assignment.name}.{exercise.name}"


def test_every_check_is_caught_by_some_faulty_submission() -> None:
    caught = {key.split(".")[1] for case in CASES for key, status in case.expect.items() if status == "failed"}
    used = {check for assignment in assignments().values() for exercise in assignment.exercises
            for check in exercise.points}
    assert used <= check_names(), f"checks no module registers: {sorted(used - check_names())}"
    never = sorted(used - caught)
    assert not never, (f"no faulty submission fails {never}: add one to tests/submissions/ and a Case with "
                       f"expect={{'<exercise>.{never[0]}': 'failed'}} to CASES in tests/corpus.py")


def test_every_exercise_has_a_correct_submission_written_differently() -> None:
    covered = {case.assignment for case in CASES if case.full_marks and not case.path.startswith("solutions/")}
    lacking = _lacking(covered, "a correct submission written differently from the reference",
                       "tests/submissions/{folder}/correct_alternative.py")
    assert not lacking, lacking


def test_every_assignment_has_a_stub_and_a_reference() -> None:
    lacking = "\n".join(filter(None, (
        _lacking({case.assignment for case in CASES if case.zero}, "the released stub, which must score 0",
                 "tests/submissions/{folder}/stub.py"),
        _lacking({case.assignment for case in CASES if case.path.startswith("solutions/")},
                 "its reference solution, which must score full marks", "solutions/{folder}.py"),
    )))
    assert not lacking, lacking


def _lacking(covered: set[str], what: str, place: str) -> str:
    """One line per assignment the corpus lacks `what` for, naming the file to write; empty when none lacks it.
    A course author meets this first, so it says what to write, not which sets differ. The corpus finds the
    file by its place (tests/corpus.py); `jaxgrade course new` writes all three."""
    return "\n".join(f"assignment {name!r} has no case for {what}: write "
                     f"{place.format(name=name, folder=name.replace('-', '_'))} (jaxgrade course new writes one)"
                     for name in sorted(set(assignments()) - covered))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_submission_gets_its_verdicts(case: Case, regraded) -> None:
    result = regraded(REPO / case.path, case.assignment)
    checks = _checks(result)
    errors = {key: check.message for key, check in checks.items() if check.status is Status.ERROR}
    assert not errors, f"engine errors: {errors}"
    if case.full_marks:
        # Full marks on every exercise the file answers (tests/expectations.py). With the measured
        # figures: a timing verdict that flips must be diagnosable from CI's log.
        failing = [(str(lost), dict(lost.check.timings)) for lost in shortfalls(REPO / case.path, result)]
        assert not failing and result.score == owed_score(REPO / case.path, result), f"not full marks: {failing}"
    if case.alternative:
        exercises = {exercise.name for exercise in result.exercises}
        assert bound_names(REPO / case.path) & exercises, (
            f"{case.path} answers none of {sorted(exercises)}: write a correct answer for each, in another way than "
            "the reference (jaxgrade course new wrote it for its worked exercise)")
    if case.zero:
        assert result.score == 0
    for key, status in case.expect.items():
        assert checks[key].status.value == status, f"{key}: {checks[key].status.value}: {checks[key].message}"
    for key, phrases in case.mentions.items():
        for phrase in phrases:
            assert phrase in checks[key].message, f"{key} should mention {phrase!r}: {checks[key].message}"
    for key, status in case.found.items():
        assert checks[key].status.value == "skipped" and checks[key].points == 0, f"{key}: {checks[key].message}"
        assert checks[key].details.get("found") == status, f"{key} found {checks[key].details.get('found')}"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_no_check_earns_points_while_the_gate_fails(case: Case, regraded) -> None:
    result = regraded(REPO / case.path, case.assignment)
    for exercise in result.exercises:
        # The gate is each exercise's first check (the spec holds it there): `correctness`, or `distribution`
        # for a random function.
        gate = exercise.checks[0]
        if not gate.passed:
            assert exercise.score == 0, (exercise.name, [(c.name, c.points) for c in exercise.checks])


@pytest.mark.parametrize("case", [case for case in CASES if case.full_marks], ids=lambda case: case.id)
def test_no_correct_submission_trips_a_wire(case: Case, regraded) -> None:
    result = regraded(REPO / case.path, case.assignment)
    assert not [flag for flag in result.flags if flag.startswith("needs-review")], result.flags
    withheld = [check.name for exercise in result.exercises for check in exercise.checks
                if check.details.get("withheld")]
    assert withheld == []
