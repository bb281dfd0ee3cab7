"""Frozen result objects: what checks return and what reports render.

A result holds printable text only: every string in it (messages, flags, file names, the student's
output, details) has its control characters written out as escapes when the result is made
(`printable`), so every report, feedback notebook and terminal that shows a result gets them escaped.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = ["CheckResult", "ExerciseResult", "FileError", "FileErrorCause", "Status", "SubmissionResult",
           "printable", "result_from_dict", "result_to_dict", "with_flags"]

# What is escaped: every character drawn as nothing, or that changes how the text around it is drawn.
# By Unicode category: controls (C0 and C1, newline and tab aside: ESC sequences would clear the instructor's
# terminal and print a fake score, a NUL would make the class's JUnit file unparsable), format characters
# (the bidirectional controls that turn "0/30" into "03/0", zero-width spaces and joiners, soft hyphens,
# the tag characters that spell hidden sentences), surrogates, private-use and unassigned code points, and
# the line and paragraph separators (U+2028/U+2029, which split a line where a reader's `splitlines()`
# does). Then the few letters and marks that are drawn as blank: the Hangul fillers and the combining
# grapheme joiner. No message of the grader's uses any of them. Rules by category, not a list: a list
# missed U+2028 and the tag block in the first-contact round of issue #49.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u034f")
_KEPT = frozenset("\n\t")
_ASCII_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def _escape_character(character: str) -> str:
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _escape(match: re.Match[str]) -> str:
    return _escape_character(match.group())


def _hidden(character: str) -> bool:
    return character not in _KEPT and (unicodedata.category(character) in _ESCAPED_CATEGORIES
                                       or character in _BLANK_LETTERS)


def printable(text: str) -> str:
    """`text` with each character that is not drawn, or that changes how its neighbours are drawn, written
    as its escape (ESC is `\\x1b`, U+2028 `\\u2028`); newlines and tabs stay.

    Windows line ends become newlines first. Escaped text is printable, so escaping twice changes nothing.
    """
    text = text.replace("\r\n", "\n")
    if text.isascii():
        return _ASCII_UNPRINTABLE.sub(_escape, text)
    return "".join(_escape_character(character) if _hidden(character) else character for character in text)


def _printable_data(value: Any) -> Any:
    """`value` (details: mappings, lists, tuples, strings, numbers) with every string printable."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, Mapping):
        return {_printable_data(key): _printable_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_printable_data(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_printable_data(item) for item in value)
    return value


def _make_printable(result: object, *names: str) -> None:
    """Rewrite the named fields of a frozen dataclass, once, as it is made."""
    for name in names:
        object.__setattr__(result, name, _printable_data(getattr(result, name)))


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

    def __post_init__(self) -> None:
        _make_printable(self, "message", "details")

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
    # What flagged the submission for review, as data for the instructor's review (`review.review_entries`):
    # each a mapping of kind, what, where, line and the lines around it. Empty when nothing did.
    review: tuple[Mapping[str, Any], ...] = ()
    # Each flag's stable code, in the same order (`needs-review`, `cell-failed`, ...: graders/judge/flags.py):
    # the same in every language, for scripts. Results kept before codes existed read back as `unknown`.
    flag_codes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _make_printable(self, "submission", "flags", "environment", "student_output", "review")
        if len(self.flag_codes) != len(self.flags):
            object.__setattr__(self, "flag_codes", (*self.flag_codes[:len(self.flags)],
                                                    *("unknown",) * (len(self.flags) - len(self.flag_codes))))

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

    def __post_init__(self) -> None:
        _make_printable(self, "submission", "message")


def result_to_dict(result: SubmissionResult | FileError) -> dict[str, Any]:
    """The result as JSON-ready data: the one form every writer and reader shares.

    It is the JSON report's object (`jaxgrade grade --format json`; a file that could not be graded has
    `error` and its `cause` instead of exercises), the judge's
    record of a grading (`.jaxgrade/graded/`), a kept verdict and what a Dask worker sends back;
    `result_from_dict` reads it back. Scores are written out for readers; reading back recomputes them.
    """
    if isinstance(result, FileError):
        return {
            "submission": result.submission,
            "assignment": result.assignment,
            "score": 0.0,
            "max_score": result.max_score,
            "flags": [],
            "flag_codes": [],
            "exercises": [],
            "error": result.message,
            "cause": result.cause.value,
        }
    return {
        "submission": result.submission,
        "assignment": result.assignment,
        "score": result.score,
        "max_score": result.max_score,
        "flags": list(result.flags),
        "flag_codes": list(result.flag_codes),
        "exercises": [
            {
                "name": exercise.name,
                "score": exercise.score,
                "max_score": exercise.max_score,
                "checks": [
                    {
                        "name": check.name,
                        "status": check.status.value,
                        "message": check.message,
                        "score": check.points,
                        "max_score": check.max_points,
                        "details": dict(check.details),
                        "timings": dict(check.timings),
                    }
                    for check in exercise.checks
                ],
                "stats": dict(exercise.stats),
                "seconds": exercise.seconds,
            }
            for exercise in result.exercises
        ],
        "environment": dict(result.environment),
        "student_output": result.student_output,
        **({"review": [dict(entry) for entry in result.review]} if result.review else {}),
        "seconds": result.seconds,
    }


def with_flags(data: Mapping[str, Any], codes: Sequence[str], texts: Sequence[str], *,
               first: bool = False) -> dict[str, Any]:
    """`data` (`result_to_dict`'s form) with more flags, each a stable code and its sentence; `first` puts
    them before the judge's own."""
    old_texts = list(data.get("flags", []))
    old_codes = list(data.get("flag_codes", []))
    old_codes = (old_codes + ["unknown"] * len(old_texts))[:len(old_texts)]
    if first:
        return {**data, "flags": [*texts, *old_texts], "flag_codes": [*codes, *old_codes]}
    return {**data, "flags": [*old_texts, *texts], "flag_codes": [*old_codes, *codes]}


def result_from_dict(data: Mapping[str, Any]) -> SubmissionResult | FileError:
    """The inverse of `result_to_dict` (after a JSON round trip, tuples in details come back as lists).

    Raises KeyError or ValueError for data that is not a result's."""
    if "error" in data:
        return FileError(data["submission"], data["assignment"], data["error"], float(data.get("max_score", 0.0)),
                         FileErrorCause(data.get("cause", FileErrorCause.UNGRADABLE)))
    exercises = tuple(
        ExerciseResult(
            exercise["name"],
            tuple(CheckResult(check["name"], Status(check["status"]), check["message"], check["score"],
                              check["max_score"], check.get("details", {}), check.get("timings", {}))
                  for check in exercise["checks"]),
            exercise.get("stats", {}),
            exercise.get("seconds", 0.0),
        )
        for exercise in data["exercises"]
    )
    return SubmissionResult(data["submission"], data["assignment"], exercises, tuple(data.get("flags", ())),
                            data.get("environment", {}), data.get("student_output", ""), data.get("seconds", 0.0),
                            tuple(data.get("review", ())), tuple(data.get("flag_codes", ())))
