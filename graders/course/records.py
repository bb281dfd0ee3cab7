"""The judge's own record of what it graded: which submission, and the score it gave each grade cell.

nbgrader's gradebook cannot say whether a student is graded. Its autograde stamps the new
submission's timestamp on the student's row in its first pass, before anything is graded, so a
crash between its passes leaves the old, complete scores under the new timestamp; and a grade
changed in the formgrader (by the instructor, or by a script in a student's cell, before the
sanitizer) is indistinguishable from the judge's.

So the judge keeps its own record, one JSON file per student and notebook under
`.jaxgrade/graded/ASSIGNMENT/STUDENT/NOTEBOOK.json`: the digest of the submitted folder it graded
(`submission_digest`: every file's name and bytes, `timestamp.txt` included), nbgrader's timestamp,
each grade cell's score and maximum as the judge gave them, and the judge's whole result (the one
serialisation, `common.results.result_to_dict`). `JaxgradeRecord`, the last step of nbgrader's
autograde pipeline, writes it only after the gradebook holds the scores, and stamps the digest into
the autograded notebook's metadata too.

A student is graded (`is_graded`) when, for each of the assignment's notebooks, the record's digest
is that of the submission collected now, the autograded notebook carries the same digest, and the
gradebook's automatic scores are the record's. A crash at any point breaks one of the three, and the
submission is graded again. Scores that differ from the judge's (`overrides`) are listed for the
instructor, with both values.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .atomic import read_json, write_json

__all__ = ["GRADED", "CellScore", "GradedRecord", "Override", "clear_failure", "is_graded", "new_record",
           "overrides", "read_failure", "read_record", "record_path", "student_records", "submission_digest",
           "write_failure", "write_record"]

GRADED = Path(".jaxgrade") / "graded"


def submission_digest(folder: Path) -> str:
    """SHA-256 over the relative name and bytes of every regular file under `folder`, in sorted order."""
    digest = hashlib.sha256()
    for root, folders, files in sorted(os.walk(folder)):
        folders.sort()
        for name in sorted(files):
            path = Path(root) / name
            if path.is_symlink() or not path.is_file():
                continue
            relative = path.relative_to(folder).as_posix().encode()
            digest.update(len(relative).to_bytes(4, "big") + relative)
            content = path.read_bytes()
            digest.update(len(content).to_bytes(8, "big") + content)
    return digest.hexdigest()


@dataclass(frozen=True)
class CellScore:
    score: float
    max_score: float


@dataclass(frozen=True)
class GradedRecord:
    """What the judge graded for one student's notebook: the submission's digest and timestamp, each
    grade cell's score, when, and the judge's result (`result_to_dict`'s form)."""

    student: str
    assignment: str
    notebook: str
    submission: str
    timestamp: str
    cells: dict[str, CellScore]
    graded_at: str
    result: dict[str, Any]

    @property
    def score(self) -> float:
        return sum(cell.score for cell in self.cells.values())

    @property
    def max_score(self) -> float:
        return sum(cell.max_score for cell in self.cells.values())


def record_path(course: Path, assignment: str, student: str, notebook: str) -> Path:
    return course / GRADED / assignment / student / f"{notebook}.json"


def write_record(course: Path, record: GradedRecord) -> None:
    write_json(record_path(course, record.assignment, record.student, record.notebook), {
        "student": record.student, "assignment": record.assignment, "notebook": record.notebook,
        "submission": record.submission, "timestamp": record.timestamp, "graded_at": record.graded_at,
        "cells": {name: {"score": cell.score, "max_score": cell.max_score} for name, cell in record.cells.items()},
        "result": record.result,
    })


def read_record(course: Path, assignment: str, student: str, notebook: str) -> GradedRecord | None:
    """The judge's record for this notebook, or None if there is none (or it cannot be read)."""
    try:
        data = read_json(record_path(course, assignment, student, notebook))
        if not data:
            return None
        cells = {str(name): CellScore(float(cell["score"]), float(cell["max_score"]))
                 for name, cell in data["cells"].items()}
        return GradedRecord(str(data["student"]), str(data["assignment"]), str(data["notebook"]),
                            str(data["submission"]), str(data["timestamp"]), cells, str(data["graded_at"]),
                            dict(data.get("result") or {}))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _failure_path(course: Path, assignment: str, student: str) -> Path:
    # A dot-name: never taken for a notebook's record (`student_records` reads `*.json`).
    return course / GRADED / assignment / student / ".failed.json"


def write_failure(course: Path, assignment: str, student: str, reason: str) -> None:
    """Why the judge could not grade `student`'s submission collected now (kept until it is graded)."""
    submitted = course / "submitted" / student / assignment
    write_json(_failure_path(course, assignment, student), {
        "reason": reason, "submission": submission_digest(submitted) if submitted.is_dir() else "",
        "at": datetime.now(UTC).isoformat(timespec="seconds")})


def read_failure(course: Path, assignment: str, student: str) -> str | None:
    """The reason the submission collected now could not be graded, or None (graded, or never tried)."""
    try:
        data = read_json(_failure_path(course, assignment, student))
    except (OSError, ValueError):
        return None
    submitted = course / "submitted" / student / assignment
    if not data or not submitted.is_dir() or data.get("submission") != submission_digest(submitted):
        return None
    return str(data.get("reason", ""))


def clear_failure(course: Path, assignment: str, student: str) -> None:
    _failure_path(course, assignment, student).unlink(missing_ok=True)


def student_records(course: Path, assignment: str, student: str) -> list[GradedRecord]:
    """The judge's records of every notebook of `student`'s submission of `assignment`, by notebook name."""
    folder = course / GRADED / assignment / student
    found = [read_record(course, assignment, student, path.stem) for path in sorted(folder.glob("*.json"))]
    return [record for record in found if record is not None]


def new_record(student: str, assignment: str, notebook: str, submitted: Path, cells: dict[str, CellScore],
               result: dict[str, Any]) -> GradedRecord:
    stamp = submitted / "timestamp.txt"
    timestamp = stamp.read_text().strip() if stamp.is_file() else ""
    return GradedRecord(student, assignment, notebook, submission_digest(submitted), timestamp, cells,
                        datetime.now(UTC).isoformat(timespec="seconds"), result)


def _notebook_digest(path: Path) -> str | None:
    import nbformat

    try:
        metadata = nbformat.read(path, as_version=4).metadata.get("jaxgrade", {})
    except (OSError, ValueError):
        return None
    value = metadata.get("submission") if isinstance(metadata, dict) else None
    return value if isinstance(value, str) else None


def is_graded(course: Path, assignment: str, student: str) -> bool:
    """Whether the judge graded the submission collected now, and the gradebook and the autograded
    notebooks hold exactly that grading (see the module's docstring)."""
    from nbgrader.api import Gradebook, MissingEntry

    from .gradebook import database_url

    submitted = course / "submitted" / student / assignment
    if not submitted.is_dir() or not (course / "gradebook.db").exists():
        return False
    digest = submission_digest(submitted)
    with Gradebook(database_url(course)) as gradebook:
        try:
            submission = gradebook.find_submission(assignment, student)
        except MissingEntry:
            return False
        for notebook in submission.notebooks:
            record = read_record(course, assignment, student, notebook.name)
            if record is None or record.submission != digest:
                return False
            if _notebook_digest(course / "autograded" / student / assignment / f"{notebook.name}.ipynb") != digest:
                return False
            automatic = {grade.name: grade.auto_score for grade in notebook.grades}
            for name, cell in record.cells.items():
                if automatic.get(name) is None or abs(float(automatic[name]) - cell.score) > 1e-9:
                    return False
    return True


@dataclass(frozen=True)
class Override:
    """A grade cell whose gradebook score is not the judge's: the instructor's manual grade, or
    anything else that wrote the gradebook."""

    student: str
    notebook: str
    cell: str
    judge: float
    gradebook: float

    def describe(self) -> str:
        return (f"{self.student}, {self.notebook}, {self.cell}: the judge gave {self.judge:g}, "
                f"the gradebook holds {self.gradebook:g}")


def overrides(course: Path, assignment: str) -> list[Override]:
    """Every grade cell of `assignment` whose score in the gradebook differs from the judge's record."""
    from nbgrader.api import Gradebook, MissingEntry

    from .gradebook import database_url

    if not (course / "gradebook.db").exists():
        return []
    found: list[Override] = []
    with Gradebook(database_url(course)) as gradebook:
        try:
            submissions = gradebook.assignment_submissions(assignment)
        except MissingEntry:
            return []
        for submission in submissions:
            student = submission.student.id
            for notebook in submission.notebooks:
                record = read_record(course, assignment, student, notebook.name)
                if record is None:
                    continue
                for grade in notebook.grades:
                    cell = record.cells.get(grade.name)
                    if cell is None or grade.score is None:
                        continue
                    if abs(float(grade.score) - cell.score) > 1e-9:
                        found.append(Override(student, notebook.name, grade.name, cell.score, float(grade.score)))
    return sorted(found, key=lambda item: (item.student, item.notebook, item.cell))
