"""jaxgrade: automated assessment for a JAX course, with hidden graders and a trusted judge.

What a script or a notebook needs to grade:

    >>> import graders
    >>> result = graders.grade_path("notebook.ipynb", "jit", graders.GradingOptions(lang="en"))
    >>> result.score, result.max_score
    >>> [check.message for exercise in result.exercises for check in exercise.checks]

- `grade_path(path, assignment, options)`: read one file and grade it.
- `grade_submission(submission, assignment, options)`: grade a `Submission` from `read_submission`.
- `grade_many(paths, assignment, options, jobs=1, scheduler=None)`: many files, the way `jaxgrade
  grade` does it: in order, one outcome each (a bad file is a `FileError` in its place), in
  parallel if asked, on a Dask cluster given its scheduler's address. Raises `BatchInterrupted`
  (with every outcome) when Ctrl-C stops it.
- `list_assignments()`: every assignment by name, with its exercises, checks and points.
- `GradingOptions`: language and limits. Results are frozen: `SubmissionResult`,
  `ExerciseResult`, `CheckResult` with a `Status`; a file that could not be graded is a `FileError`.

Student code never runs in the caller's process: each grading starts a sandboxed worker.
Names are imported on first use, so `import graders` itself does not import JAX.
"""

from __future__ import annotations

import importlib
import os as _os
from typing import TYPE_CHECKING, Any

# Hypothesis loads third-party plugins (trio ships one) on import; none of them may
# change how a submission is graded, and together they cost a tenth of a second.
_os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")

if TYPE_CHECKING:
    from graders.batch.grading import grade_many
    from graders.batch.pool import BatchInterrupted
    from graders.common.results import CheckResult, ExerciseResult, FileError, Status, SubmissionResult
    from graders.common.spec import Assignment
    from graders.judge.grade import grade_path, grade_submission
    from graders.judge.options import GradingOptions
    from graders.judge.submission import Submission, SubmissionError, read_submission

__all__ = [
    "Assignment",
    "BatchInterrupted",
    "CheckResult",
    "ExerciseResult",
    "FileError",
    "GradingOptions",
    "Status",
    "Submission",
    "SubmissionError",
    "SubmissionResult",
    "grade_many",
    "grade_path",
    "grade_submission",
    "list_assignments",
    "read_submission",
]

_HOMES = {
    "Assignment": "common.spec", "CheckResult": "common.results", "ExerciseResult": "common.results",
    "FileError": "common.results", "Status": "common.results", "SubmissionResult": "common.results",
    "GradingOptions": "judge.options", "Submission": "judge.submission", "SubmissionError": "judge.submission",
    "read_submission": "judge.submission", "grade_path": "judge.grade", "grade_submission": "judge.grade",
    "BatchInterrupted": "batch.pool", "grade_many": "batch.grading",
}


def list_assignments() -> dict[str, Assignment]:
    """Every assignment of the course by name (importing JAX and registering every check)."""
    from .judge.catalogue import load

    return dict(load())


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'graders' has no attribute {name!r}; see graders.__all__")
    value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
