"""Shared test set-up: the one hypothesis profile, and cached grading.

Grading a submission starts a worker and compiles JAX code, so each
(submission, assignment, language) is graded once per test session and the
frozen result is shared by every test that reads it.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from graders.judge import GradingOptions, grade_path
from graders.results import SubmissionResult

settings.register_profile(
    "jaxgrade-tests",
    database=None,
    deadline=None,
    derandomize=True,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("jaxgrade-tests")

REPO = Path(__file__).resolve().parent.parent
SUBMISSIONS = REPO / "tests" / "submissions"


@functools.lru_cache(maxsize=None)
def _grade_cached(path: str, assignment: str, lang: str) -> SubmissionResult:
    return grade_path(path, assignment, GradingOptions(lang=lang))


@pytest.fixture(scope="session")
def graded():
    """graded(path, assignment, lang="en") -> SubmissionResult, graded once per session."""

    def grade(path: str | Path, assignment: str, lang: str = "en") -> SubmissionResult:
        return _grade_cached(str(Path(path).resolve()), assignment, lang)

    return grade
