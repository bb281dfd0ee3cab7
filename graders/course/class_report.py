"""What `jaxgrade report --gradebook` shows of an nbgrader course, read from the judge's own records.

The gradebook keeps one score per graded function; the judge's records (`records`) keep its whole
result, every check with its status and message. Each student the gradebook holds is shown with
the judge's result and the gradebook's scores (an instructor's manual grade included); a student
whose submission was collected but is not graded, or could not be graded, is counted as not graded,
with the reason. Three lists for the instructor's audit come with it: grades that are not the judge's
(`records.overrides`), submissions held for review and the decisions on them (`review_command`),
and exchange entries that were never collected (`collect.refused_entries`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from graders.reports.analytics import ClassData

from .collect import refused_entries
from .records import is_graded, overrides, read_failure, student_records
from .review_command import flagged_submissions

__all__ = ["load_course"]


def load_course(gradebook_path: Path) -> ClassData:
    """The class as the course at `gradebook_path`'s folder holds it (see the module's docstring)."""
    from nbgrader.api import Gradebook

    course = gradebook_path.parent
    data = ClassData()
    with Gradebook(f"sqlite:///{gradebook_path}") as gradebook:
        assignments = [assignment.name for assignment in gradebook.assignments]
        for assignment in assignments:
            graded = set()
            for submission in gradebook.assignment_submissions(assignment):
                student = submission.student.id
                grades = {grade.name: grade for notebook in submission.notebooks for grade in notebook.grades}
                if _collected(course, assignment, student) and not is_graded(course, assignment, student):
                    continue  # collected again since: counted below, with the reason
                graded.add(student)
                data.add(_report(course, assignment, student, submission, grades))
            for student in _collected_students(course, assignment) - graded:
                reason = read_failure(course, assignment, student) or (
                    f"collected, not graded yet: run `jaxgrade autograde {assignment}`")
                data.add({"submission": student, "assignment": assignment, "error": reason})
            data.overrides.extend(override.describe() for override in overrides(course, assignment))
            for item in flagged_submissions(course, assignment):
                state = ("waiting for your decision (`jaxgrade review`)" if item.decision is None else
                         f"{item.decision.verdict} by {item.decision.by} on {item.decision.at[:10]}"
                         + (f": {item.decision.note}" if item.decision.note else ""))
                data.reviews.append(f"{assignment}, {item.student}: {item.score:g} / {item.max_score:g}, {state}")
            refused = refused_entries(course, assignment)
            data.refused.extend(refused[name]["explanation"] for name in sorted(refused))
    return data


def _collected(course: Path, assignment: str, student: str) -> bool:
    return (course / "submitted" / student / assignment).is_dir()


def _collected_students(course: Path, assignment: str) -> set[str]:
    submitted = course / "submitted"
    if not submitted.is_dir():
        return set()
    return {path.name for path in submitted.iterdir() if (path / assignment).is_dir()}


def _report(course: Path, assignment: str, student: str, submission: Any, grades: dict[str, Any]) -> dict[str, Any]:
    """The judge's result for `student`, with the gradebook's scores; the gradebook's scores alone
    where there is no record (graded before the judge kept records)."""
    records = student_records(course, assignment, student)
    exercises: list[dict[str, Any]] = []
    flags: list[str] = []
    for record in records:
        flags.extend(str(flag) for flag in record.result.get("flags", []))
        for exercise in record.result.get("exercises", []):
            grade = grades.get(f"grade_{exercise['name']}")
            score = float(grade.score or 0.0) if grade is not None else float(exercise["score"])
            exercises.append({**exercise, "score": score})
    if not exercises:
        exercises = [{"name": name[len("grade_"):], "score": float(grade.score or 0.0),
                      "max_score": float(grade.max_score), "checks": []}
                     for name, grade in sorted(grades.items()) if name.startswith("grade_")]
    return {"submission": student, "assignment": assignment, "score": float(submission.score),
            "max_score": float(submission.max_score), "flags": flags, "exercises": exercises}
