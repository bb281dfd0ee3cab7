"""Every step the judge takes is bounded: a pool gives up on a file its judge has not finished within the
per-file deadline, reports it as the grader's failure, and goes on (issue #49)."""

from __future__ import annotations

import time

from graders.batch.grading import grade_many
from graders.batch.pool import JudgePool
from graders.common.results import FileError, FileErrorCause
from graders.judge.options import GradingOptions

from ..conftest import REPO

_STUB = REPO / "tests" / "submissions" / "jit" / "stub.py"
# No grading finishes in 0.2 s (a judge imports JAX, a worker starts in its sandbox): every file is overdue.
_TIGHT = GradingOptions(lang="en", submission_seconds=0.1, judge_grace_seconds=0.1, cache_directory=None)


def _overdue(outcome: object) -> bool:
    return (isinstance(outcome, FileError) and outcome.cause is FileErrorCause.INTERNAL
            and "did not finish this file within 0.2 s" in outcome.message)


def test_a_batch_reports_files_past_their_deadline_as_the_grader_s_failure_and_ends() -> None:
    started = time.monotonic()
    outcomes = grade_many([_STUB, _STUB, _STUB], "jit", _TIGHT, jobs=2)
    assert all(_overdue(outcome) for outcome in outcomes), outcomes
    assert time.monotonic() - started < 120


def test_the_service_s_pool_answers_a_file_past_its_deadline_and_keeps_serving() -> None:
    pool = JudgePool(1, _TIGHT)
    try:
        assert _overdue(pool.grade(str(_STUB), "jit"))
        assert _overdue(pool.grade(str(_STUB), "jit"))  # a fresh judge serves the next file
    finally:
        pool.close()
