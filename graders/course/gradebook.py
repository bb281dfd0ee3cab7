"""Reading a course's nbgrader gradebook: which students it holds for an assignment, whether each
row is complete, and the score. The autograde command decides from it whom to grade again; the
tests read it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["GradebookRow", "database_url", "gradebook_rows"]


def database_url(course: Path) -> str:
    """The SQLAlchemy URL of the course's gradebook (nbgrader's default place: `gradebook.db` at its root)."""
    return f"sqlite:///{course / 'gradebook.db'}"


@dataclass(frozen=True)
class GradebookRow:
    """A student's submission in the gradebook: whether every graded cell has its score, and the score."""

    complete: bool
    score: float
    max_score: float


def gradebook_rows(course: Path, assignment: str) -> dict[str, GradebookRow]:
    """Each student whose submission of `assignment` the gradebook holds; empty without a gradebook."""
    from nbgrader.api import Gradebook, MissingEntry

    if not (course / "gradebook.db").exists():
        return {}
    rows: dict[str, GradebookRow] = {}
    with Gradebook(database_url(course)) as gradebook:
        try:
            submissions = gradebook.assignment_submissions(assignment)
        except MissingEntry:
            return {}
        for submission in submissions:
            grades = [grade for notebook in submission.notebooks for grade in notebook.grades]
            complete = bool(grades) and all(
                grade.auto_score is not None or grade.manual_score is not None for grade in grades)
            rows[submission.student.id] = GradebookRow(complete, submission.score, submission.max_score)
    return rows
