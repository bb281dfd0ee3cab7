"""The instructor's review of flagged submissions: approve (points back) or confirm (points stay withheld).

A submission flagged `needs-review` keeps only the points the judge checks itself; the checks that
rest on the worker's report are withheld, each keeping what it found (`review.withhold_for_review`).
`jaxgrade review ASSIGNMENT` lists them with the flagged lines; `--approve STUDENT` or
`--confirm STUDENT` records the instructor's decision in `.jaxgrade/reviews/ASSIGNMENT/STUDENT.json`:
who, when, the note, and the digest of the submission decided on. The decision is applied wherever
that submission is graded (`apply_decision`, called by `JaxgradeScores`), so it survives a regrade of
the same submission; a new submission is judged afresh. Approving gives back exactly the points the
withheld checks had found; the student's feedback says that a person looked, and what they decided.
"""

from __future__ import annotations

import enum
import getpass
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from graders.common.i18n import t
from graders.common.results import with_flags

from .atomic import read_json, write_json

__all__ = ["Decision", "Verdict", "apply_decision", "decision_for", "flagged_checks", "is_flagged",
           "record_decision"]

_REVIEWS = Path(".jaxgrade") / "reviews"


class Verdict(enum.StrEnum):
    APPROVED = "approved"    # the instructor found nothing wrong: the withheld points are given back
    CONFIRMED = "confirmed"  # the points stay withheld


@dataclass(frozen=True)
class Decision:
    """The instructor's decision on one submission (its digest): approved or confirmed, by whom, when, why."""

    submission: str
    verdict: Verdict
    by: str
    at: str
    note: str = ""


def _path(course: Path, assignment: str, student: str) -> Path:
    return course / _REVIEWS / assignment / f"{student}.json"


def record_decision(course: Path, assignment: str, student: str, submission: str, verdict: Verdict,
                    note: str = "") -> Decision:
    """Keep the decision on `submission` (a digest), after any earlier one on it (all are kept, the last counts)."""
    decision = Decision(submission, verdict, getpass.getuser(), datetime.now(UTC).isoformat(timespec="seconds"),
                        note)
    path = _path(course, assignment, student)
    data = read_json(path)
    history = list(data.get("decisions", []))
    history.append({"submission": decision.submission, "verdict": str(decision.verdict), "by": decision.by,
                    "at": decision.at, "note": decision.note})
    write_json(path, {"decisions": history})
    return decision


def decision_for(course: Path, assignment: str, student: str, submission: str) -> Decision | None:
    """The last decision recorded on exactly this submission, or None."""
    try:
        data = read_json(_path(course, assignment, student))
    except (OSError, ValueError):
        return None
    for entry in reversed(data.get("decisions", [])):
        if isinstance(entry, dict) and entry.get("submission") == submission:
            try:
                return Decision(str(entry["submission"]), Verdict(entry["verdict"]), str(entry.get("by", "")),
                                str(entry.get("at", "")), str(entry.get("note", "")))
            except (KeyError, ValueError):
                return None
    return None


def flagged_checks(result: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every check a review withheld, as (exercise name, check), in the result's order."""
    return [(exercise["name"], check) for exercise in result.get("exercises", []) for check in exercise["checks"]
            if check.get("details", {}).get("withheld") == "needs-review"]


def is_flagged(result: dict[str, Any]) -> bool:
    """Whether the judge flagged this result for review (what tripped is in `result["review"]`)."""
    return bool(result.get("review")) or bool(flagged_checks(result))


def apply_decision(result: dict[str, Any], decision: Decision | None, lang: str) -> dict[str, Any]:
    """`result` (`result_to_dict`'s form) as the decision makes it: approved, every withheld check back as
    it was found, with its points; either way, a note saying who looked, when, and what they decided."""
    if decision is None or not is_flagged(result):
        return result
    day = decision.at[:10]
    note = f" ({decision.note})" if decision.note else ""
    exercises = []
    for exercise in result["exercises"]:
        checks = []
        for check in exercise["checks"]:
            details = check.get("details", {})
            if decision.verdict is Verdict.APPROVED and details.get("withheld") == "needs-review" \
                    and details.get("found") == "passed":
                kept = {key: value for key, value in details.items() if key not in ("withheld", "finding", "found")}
                check = {**check, "status": "passed", "score": check["max_score"],
                         "message": str(details.get("finding", check["message"])),
                         "details": {**kept, "review": "approved"}}
            checks.append(check)
        exercises.append({**exercise, "checks": checks, "score": sum(float(check["score"]) for check in checks)})
    key = "review.note.approved" if decision.verdict is Verdict.APPROVED else "review.note.confirmed"
    noted = with_flags(result, [f"review-{decision.verdict.value}"], [t(key, lang, by=decision.by, day=day, note=note)])
    return {**noted, "exercises": exercises,
            "score": sum(float(exercise["score"]) for exercise in exercises)}
