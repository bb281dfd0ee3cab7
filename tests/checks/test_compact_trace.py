"""`compact_trace` compares sizes only when every call was measured; anything less is never a pass."""

from __future__ import annotations

import time

from graders.checks.base import CheckContext
from graders.checks.compact_trace import compact_trace
from graders.registry import get_assignment
from graders.results import Status
from graders.submission import read_submission
from graders.worker.session import SubmissionSession

from ..conftest import REPO


class _WorkerThatDropsASize(SubmissionSession):
    """A real worker whose answer loses all but its first size, as a tampered one could."""

    def trace_sizes(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        sizes = super().trace_sizes(*args, **kwargs)
        return sizes[:1]


def _verdict(session_type: type[SubmissionSession]):  # type: ignore[no-untyped-def]
    horner = next(e for e in get_assignment("purity").exercises if e.name == "horner")
    session = session_type(read_submission(REPO / "solutions" / "purity.py"))
    session.start()
    try:
        return compact_trace(CheckContext(horner, session, "en", deadline=time.monotonic() + 60))
    finally:
        session.close()


def test_one_size_for_three_calls_fails_closed() -> None:
    verdict = _verdict(_WorkerThatDropsASize)
    assert verdict.status is Status.ERROR
    assert "1 trace sizes where 3 were asked for" in verdict.message


def test_every_size_measured_and_equal_passes() -> None:
    verdict = _verdict(SubmissionSession)
    assert verdict.status is Status.PASSED and len(verdict.details["sizes"]) == 3
