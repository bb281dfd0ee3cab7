"""Frozen result objects: what checks return and what reports render."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

__all__ = ["CheckResult", "ExerciseResult", "FileError", "FileErrorCause", "Status", "SubmissionResult",
           "result_from_plain", "result_to_plain"]


class Status(str, Enum):  # noqa: UP042 - str(Status.X) is part of the reports; StrEnum would change it
    """A check's outcome. Only `passed` earns points, and `skipped` when the check was waived."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class CheckResult:
    """The verdict of one check on one exercise.

    `details` holds machine-readable figures that regrading reproduces
    exactly (counts, backend, shapes); `timings` holds measured times, the
    only part of a result that may differ between two gradings.
    """

    name: str
    status: Status
    message: str
    points: float
    max_points: float
    details: Mapping[str, Any] = field(default_factory=dict)
    timings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.status is Status.PASSED


@dataclass(frozen=True)
class ExerciseResult:
    """One graded function. `stats`: examples run, and compilations and traces
    in the worker (None where a worker restart lost the count); `seconds` is timing."""

    name: str
    checks: tuple[CheckResult, ...]
    stats: Mapping[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(check.points for check in self.checks)

    @property
    def max_score(self) -> float:
        return sum(check.max_points for check in self.checks)


@dataclass(frozen=True)
class SubmissionResult:
    """One graded file: its exercises in the assignment's order, notes for the instructor
    (`flags`), the worker's environment, what the student's code printed, and seconds (timing)."""

    submission: str
    assignment: str
    exercises: tuple[ExerciseResult, ...]
    flags: tuple[str, ...] = ()
    environment: Mapping[str, str] = field(default_factory=dict)
    student_output: str = ""
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(exercise.score for exercise in self.exercises)

    @property
    def max_score(self) -> float:
        return sum(exercise.max_score for exercise in self.exercises)


class FileErrorCause(enum.StrEnum):
    UNGRADABLE = "ungradable"  # bad input: missing, not a notebook, unreadable (exit 2)
    INTERNAL = "internal"  # the grader itself failed on the file (exit 3)
    INTERRUPTED = "interrupted"  # the batch was stopped before the file was graded (exit 130)


@dataclass(frozen=True)
class FileError:
    """A file given for grading that could not be graded; the message is one line, and `cause` says
    whose it is: the file's (UNGRADABLE), the grader's (INTERNAL) or a stopped batch's (INTERRUPTED)."""

    submission: str
    assignment: str
    message: str
    max_score: float = 0.0
    cause: FileErrorCause = FileErrorCause.UNGRADABLE


def result_to_plain(result: SubmissionResult | FileError) -> dict[str, Any]:
    """The result as JSON-ready data (dicts, lists, strings, numbers), for another process or machine."""
    if isinstance(result, FileError):
        return {"kind": "file_error", **asdict(result)}
    plain = asdict(result)
    for exercise in plain["exercises"]:
        for check in exercise["checks"]:
            check["status"] = check["status"].value
    return {"kind": "submission", **plain}


def result_from_plain(data: Mapping[str, Any]) -> SubmissionResult | FileError:
    """The inverse of `result_to_plain` (after a JSON round trip, tuples in details come back as lists)."""
    fields = {key: value for key, value in data.items() if key != "kind"}
    if data.get("kind") == "file_error":
        return FileError(**{**fields, "cause": FileErrorCause(fields.get("cause", FileErrorCause.UNGRADABLE))})
    exercises = tuple(
        ExerciseResult(
            exercise["name"],
            tuple(CheckResult(**{**check, "status": Status(check["status"])}) for check in exercise["checks"]),
            exercise["stats"],
            exercise["seconds"],
        )
        for exercise in fields.pop("exercises")
    )
    return SubmissionResult(exercises=exercises, **{**fields, "flags": tuple(fields["flags"])})
