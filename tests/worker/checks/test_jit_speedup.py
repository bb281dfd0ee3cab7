"""`jit_speedup`: the decision from synthetic timings, and real timings the student cannot forge."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.common.assignments import get_assignment
from graders.common.results import Status
from graders.common.spec import Assignment
from graders.judge.grade import GradingOptions, grade_submission
from graders.judge.submission import read_submission

from ...conftest import SUBMISSIONS

# --------------------------------------------------------------------------- real timings
_NORM = next(e for e in get_assignment("jit").exercises if e.name == "norm")
_ONLY_NORM = Assignment("jit", get_assignment("jit").title, (_NORM,))


def _speedup(path: Path):  # type: ignore[no-untyped-def]
    result = grade_submission(read_submission(path), _ONLY_NORM, GradingOptions(lang="en"))
    checks = {check.name: check for check in result.exercises[0].checks}
    assert checks["correctness"].passed, checks["correctness"].message
    return checks["jit_speedup"], result


@pytest.mark.parametrize("forgery", ["forge_clock.py", "forge_slow_baseline.py", "forge_memo.py",
                                     "forge_detect_timing.py"])
def test_un_jitted_forgeries_earn_nothing_and_are_never_timed(forgery: str) -> None:
    speedup, result = _speedup(SUBMISSIONS / "hostile" / forgery)
    assert speedup.status is Status.FAILED and speedup.points == 0, speedup.message
    # Read from the source in the judge, before any timing: no figure the worker could bend.
    assert "is not jit-compiled" in speedup.message and "line" in speedup.message
    assert "speedup" not in speedup.timings


