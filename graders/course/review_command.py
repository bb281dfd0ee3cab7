"""`jaxgrade review ASSIGNMENT`: the flagged submissions, each flagged line in context, and the decision.

Listing reads the judge's records of the submissions collected now (`records`), nothing else.
Deciding (`decide`) records the instructor's decision (`reviews`), grades the student again as
`jaxgrade autograde` does (the judge's verdict on the unchanged notebook is reused, `verdicts`, so
this takes nbgrader's own recording, not a grading), and regenerates and releases that student's
feedback, which then says who looked and what they decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from .autograde_command import CourseGrader, collected_students
from .nbgrader_steps import CourseSteps
from .records import GradedRecord, is_graded, student_records
from .reviews import Decision, Verdict, decision_for, flagged_checks, is_flagged, record_decision

__all__ = ["Flagged", "ReviewError", "decide", "flagged_submissions", "render_flagged"]


class ReviewError(Exception):
    """A review cannot be made as asked; the message says why and what to do."""


@dataclass(frozen=True)
class Flagged:
    """A flagged submission: whose, its score now, what tripped (`review.review_entries`' data), the
    checks withheld with the points they would give back, and the decision taken on it, if any."""

    student: str
    score: float
    max_score: float
    reasons: tuple[dict[str, Any], ...]
    withheld: tuple[tuple[str, str, float], ...]
    decision: Decision | None


def _flagged_record(course: Path, assignment: str, student: str) -> GradedRecord | None:
    if not is_graded(course, assignment, student):
        return None
    return next((record for record in student_records(course, assignment, student) if is_flagged(record.result)),
                None)


def flagged_submissions(course: Path, assignment: str) -> list[Flagged]:
    """Every student whose submission collected now the judge graded and flagged for review."""
    found = []
    for student in collected_students(course, assignment):
        record = _flagged_record(course, assignment, student)
        if record is None:
            continue
        withheld = tuple((exercise, str(check["name"]), float(check["max_score"]))
                         for exercise, check in flagged_checks(record.result)
                         if check.get("details", {}).get("found") == "passed")
        found.append(Flagged(student, record.score, record.max_score, tuple(record.result.get("review", [])),
                             withheld, decision_for(course, assignment, student, record.submission)))
    return found


def render_flagged(assignment: str, flagged: list[Flagged], console: Console) -> None:
    if not flagged:
        console.print(f"{assignment}: no submission is held for review")
        return
    pending = sum(item.decision is None for item in flagged)
    console.print(f"{assignment}: {len(flagged)} submissions flagged for review, {pending} waiting for a decision")
    for item in flagged:
        console.print()
        state = ("waiting for your decision" if item.decision is None else
                 f"{item.decision.verdict} by {item.decision.by} on {item.decision.at[:10]}"
                 + (f": {item.decision.note}" if item.decision.note else ""))
        console.print(Text(f"{item.student}  {item.score:g} / {item.max_score:g}  ({state})", style="bold"))
        for reason in item.reasons:
            console.print(Text(f"  - {reason['what']} ({reason['where']})"))
            if reason.get("context"):
                console.print(Text("\n".join(f"      {line}" for line in str(reason["context"]).splitlines())))
        if item.withheld:
            points = sum(points for _, _, points in item.withheld)
            checks = ", ".join(f"{exercise}.{check}" for exercise, check, _ in item.withheld)
            console.print(Text(f"  withheld: {checks} (passed; {points:g} points back if approved)"))
        if item.decision is None:
            console.print(Text(f"  decide: jaxgrade review {assignment} --approve {item.student} [--note TEXT]"
                               f"   or   --confirm {item.student}"))


def decide(course: Path, assignment: str, student: str, verdict: Verdict, note: str,
           console: Console) -> tuple[float, float, float]:
    """Record the decision on `student`'s flagged submission, apply it, release the feedback; the score
    before, after, and the maximum."""
    record = _flagged_record(course, assignment, student)
    if record is None:
        flagged = [item.student for item in flagged_submissions(course, assignment)]
        listing = ", ".join(flagged) if flagged else "none"
        raise ReviewError(f"{student!r} has no graded submission of {assignment} held for review (flagged now: "
                          f"{listing}); run `jaxgrade review {assignment}` to list them")
    record_decision(course, assignment, student, record.submission, verdict, note)
    ok, reason = CourseGrader(course, assignment).grade(student)
    if not ok:
        raise ReviewError(f"the decision is recorded, but grading {student} again failed: {reason}; "
                          f"run `jaxgrade autograde {assignment}` to apply it")
    steps = CourseSteps(course, assignment)
    steps.generate_feedback(student)
    if steps.inbound().parent.is_dir():
        steps.release_feedback(student)
    after = next((kept for kept in student_records(course, assignment, student) if kept.notebook == record.notebook),
                 record)
    console.print(Text(f"{student}: {verdict} ({after.score:g} / {after.max_score:g}, was {record.score:g}); "
                       "the gradebook and the feedback say so"))
    return record.score, after.score, after.max_score
