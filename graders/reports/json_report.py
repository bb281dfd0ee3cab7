"""The machine-readable report: one JSON array, one object per submission.

Timing figures live only under `seconds` and each check's `timings`; every
other field is reproduced exactly when the same submission is graded again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from graders.common.results import FileError, SubmissionResult

__all__ = ["TIMING_FIELDS", "render_json", "result_to_dict"]

# Where measured times live; everything else is reproduced exactly by a regrade.
TIMING_FIELDS = ("seconds", "exercises[].seconds", "exercises[].checks[].timings")


def result_to_dict(result: SubmissionResult | FileError) -> dict[str, Any]:
    if isinstance(result, FileError):
        return {
            "submission": result.submission,
            "assignment": result.assignment,
            "score": 0.0,
            "max_score": result.max_score,
            "flags": [],
            "exercises": [],
            "error": result.message,
        }
    return {
        "submission": result.submission,
        "assignment": result.assignment,
        "score": result.score,
        "max_score": result.max_score,
        "flags": list(result.flags),
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


def render_json(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    return json.dumps([result_to_dict(result) for result in results], ensure_ascii=False, indent=2) + "\n"
