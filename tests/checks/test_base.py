"""Example search: derandomized per exercise and check, shrinking to a minimal input."""

from __future__ import annotations

import numpy as np

from graders.checks.base import GRADING_SETTINGS, draw_examples, stable_seed
from graders.registry import get_assignment


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
    from graders.registry import assignments

    for assignment in assignments().values():
        for exercise in assignment.exercises:
            calls = draw_examples(exercise, 30, "shape-count")
            shapes = {tuple(np.shape(arg) for arg in call.args if isinstance(arg, np.ndarray)) for call in calls}
            assert 1 <= len(shapes) <= 6, (exercise.name, shapes)
