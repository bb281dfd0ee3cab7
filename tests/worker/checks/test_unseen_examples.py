"""`unseen_examples`: inputs no submission can know ahead (round 10, file 05), the same at every regrade."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from graders.judge.catalogue import load
from graders.judge.checks.base import UNSEEN_EXAMPLES, draw_examples, unseen_examples, unseen_key


def _context(exercise, *sources: str) -> SimpleNamespace:
    cells = tuple(SimpleNamespace(source=source) for source in sources)
    return SimpleNamespace(exercise=exercise, session=SimpleNamespace(submission=SimpleNamespace(cells_to_run=cells)))


def _fingerprint(calls) -> list[str]:
    # Shape and dtype with the bytes: a 0-d array and a one-element array of the same value are two inputs.
    return [repr([(np.shape(arg), np.asarray(arg).dtype.str, np.asarray(arg).tobytes()) for arg in call.args])
            for call in calls]


def test_the_same_text_gets_the_same_unseen_inputs_and_other_text_others() -> None:
    exercise = load()["jit"].exercises[1]
    first = _context(exercise, "def negatives(x):\n    return x\n")
    again = _context(exercise, "def negatives(x):\n    return x\n")
    other = _context(exercise, "def negatives(x):\n    return x  # changed\n")
    assert unseen_key(first) == unseen_key(again) != unseen_key(other)
    drawn = unseen_examples(first, "no_mutation", [])
    assert len(drawn) == UNSEEN_EXAMPLES
    assert _fingerprint(drawn) == _fingerprint(unseen_examples(again, "no_mutation", []))
    assert _fingerprint(drawn) != _fingerprint(unseen_examples(other, "no_mutation", []))
    assert _fingerprint(drawn) != _fingerprint(unseen_examples(first, "correctness", []))


def test_no_unseen_input_is_one_of_the_drawn_ones_anyone_can_compute() -> None:
    for spec in load().values():
        for exercise in spec.exercises:
            mutation = draw_examples(exercise, min(10, exercise.max_examples), "no_mutation")
            known = set(_fingerprint(draw_examples(exercise, exercise.max_examples, "correctness") + mutation))
            for text in ("a", "b", "c"):
                unseen = _fingerprint(unseen_examples(_context(exercise, text), "no_mutation", mutation))
                assert len(unseen) == UNSEEN_EXAMPLES and not known & set(unseen), (exercise.name, text)
