"""What "full marks" means for a file written before its assignment's newest exercise.

A corpus file, a sample or an honest notebook answers the exercises its assignment had when it was
written. When an exercise is added, such a file does not define the new function, and editing
every one of them (the reviewer's `relu` touched 24 files) is what made adding an exercise
expensive. So a file owes full marks on every exercise whose name it mentions anywhere, read here
as plain text, apart from the judge; an exercise it never mentions must get the judge's own
"not defined" verdict and nothing else. A regression that made the judge miss a function the file
does define still fails, because the file names it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from graders.common.i18n import t
from graders.common.results import CheckResult, Status, SubmissionResult

__all__ = ["Shortfall", "mentioned_exercises", "owed_score", "shortfalls", "unanswered_failures"]


@dataclass(frozen=True)
class Shortfall:
    """A check that lost points a file owes, with what it said."""

    exercise: str
    check: CheckResult

    def __str__(self) -> str:
        return f"{self.exercise}.{self.check.name} ({self.check.status.value}): {self.check.message[:400]}"


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def mentioned_exercises(path: Path, result: SubmissionResult) -> frozenset[str]:
    """The graded exercises whose function name appears in the file, as a whole word."""
    text = _text(Path(path))
    return frozenset(exercise.name for exercise in result.exercises
                     if re.search(rf"(?<![\w]){re.escape(exercise.name)}(?![\w])", text))


def _missing_messages(name: str) -> tuple[str, ...]:
    return tuple(t("exercise.missing", lang, name=name) for lang in ("en", "ko"))


def shortfalls(path: Path, result: SubmissionResult) -> list[Shortfall]:
    """Checks that lost points the file owes: any check of an exercise it mentions, and, for one it
    never mentions, anything but the judge's "not defined" on the first check and a skip after it."""
    mentioned = mentioned_exercises(path, result)
    lost: list[Shortfall] = []
    for exercise in result.exercises:
        if exercise.name in mentioned:
            lost += [Shortfall(exercise.name, check) for check in exercise.checks if check.points < check.max_points]
            continue
        first, *rest = exercise.checks
        if first.status is not Status.FAILED or first.message not in _missing_messages(exercise.name):
            lost.append(Shortfall(exercise.name, first))
        lost += [Shortfall(exercise.name, check) for check in rest if check.status is not Status.SKIPPED]
    return lost


def owed_score(path: Path, result: SubmissionResult) -> float:
    """The full marks the file owes: the points of the exercises it mentions."""
    mentioned = mentioned_exercises(path, result)
    return sum(exercise.max_score for exercise in result.exercises if exercise.name in mentioned)


def unanswered_failures(path: Path, result: SubmissionResult) -> set[str]:
    """"exercise.check" of the one failed check each exercise the file never names has: its first,
    where the judge says the function is not defined."""
    mentioned = mentioned_exercises(path, result)
    return {f"{exercise.name}.{exercise.checks[0].name}" for exercise in result.exercises
            if exercise.name not in mentioned}
