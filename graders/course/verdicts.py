"""The judge's verdicts kept by what was graded: the same notebook, graded again, gets the same verdict at once.

Grading is deterministic (derandomized hypothesis, no example database, pinned versions), so the
judge's result on a notebook is a function of the notebook's bytes as `JaxgradeScores` sees them, the
assignment, the language, the grading options and the grader itself. That is the key
(`verdict_key`); the result, in `result_to_dict`'s form, is kept under
`.jaxgrade/verdicts/KEY.json`. nbgrader's autograde run again on an unchanged submission (after a
crash, to apply an instructor's review decision, to regenerate feedback) then costs nbgrader's
own steps, not a grading. `jaxgrade autograde --force` grades again regardless
(`JaxgradeScores.reuse_verdicts`). What is kept is the judge's verdict before any review decision,
which is applied on top of it each time.
"""

from __future__ import annotations

import hashlib
import json
import platform
from pathlib import Path
from typing import Any

from graders.common.code_version import code_fingerprint
from graders.judge.options import GradingOptions

from .atomic import read_json, write_json

__all__ = ["keep_verdict", "kept_verdict", "verdict_key"]

_VERDICTS = Path(".jaxgrade") / "verdicts"


def verdict_key(notebook: str, assignment: str, options: GradingOptions) -> str:
    """What a verdict depends on, as a digest: the notebook's text, the assignment, the options that
    shape a result (language, time limits), and the grader (its code and the versions it runs on)."""
    from importlib.metadata import version

    shaping = {"assignment": assignment, "lang": options.lang, "call_seconds": options.call_seconds,
               "exercise_seconds": options.exercise_seconds, "grader": code_fingerprint(),
               "python": platform.python_version(), "jax": version("jax"), "numpy": version("numpy"),
               "hypothesis": version("hypothesis")}
    digest = hashlib.sha256(json.dumps(shaping, sort_keys=True).encode())
    digest.update(notebook.encode())
    return digest.hexdigest()


def kept_verdict(course: Path, key: str) -> dict[str, Any] | None:
    try:
        data = read_json(course / _VERDICTS / f"{key}.json")
    except (OSError, ValueError):
        return None
    return data or None


def keep_verdict(course: Path, key: str, result: dict[str, Any]) -> None:
    write_json(course / _VERDICTS / f"{key}.json", result)
