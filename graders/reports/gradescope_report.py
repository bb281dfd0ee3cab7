"""Gradescope's autograder `results.json`, so a course on Gradescope can use the engine."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from graders.common.results import FileError, SubmissionResult

__all__ = ["render_gradescope"]


def _results(result: SubmissionResult | FileError) -> dict[str, Any]:
    if isinstance(result, FileError):
        return {"score": 0.0, "output": result.message, "output_format": "text", "visibility": "visible", "tests": []}
    tests = [
        {
            "name": f"{exercise.name}: {check.name}",
            "number": f"{position}.{index}",
            "score": check.points,
            "max_score": check.max_points,
            "status": "passed" if check.passed else "failed",
            "output": check.message,
            # Plain text: Gradescope would render "html" or "md" output, and messages quote
            # the student's exceptions.
            "output_format": "text",
            "visibility": "visible",
        }
        for position, exercise in enumerate(result.exercises, start=1)
        for index, check in enumerate(exercise.checks, start=1)
    ]
    output = "\n".join(result.flags)
    return {"score": result.score, "output": output, "output_format": "text", "visibility": "visible",
            "stdout_visibility": "hidden",
            "execution_time": round(result.seconds), "tests": tests}


def render_gradescope(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    """One `results.json` object; Gradescope grades one submission per run."""
    if len(results) != 1:
        raise ValueError(f"--format gradescope grades one submission per run, got {len(results)} files")
    return json.dumps(_results(results[0]), ensure_ascii=False, indent=2) + "\n"
