"""Regrading reproduces every verdict: each corpus submission's report, timings and environment aside,
is byte-identical to the one recorded in tests/golden/.

Each regrade is what an instructor runs: `jaxgrade grade` in a fresh process. (Graded inside this
long test process, two reports' compile counts moved with what the process had imported before:
the order of the judge's calls depends on process state, an open finding of session 6.)

The files were written before the code was restructured (issue #13), so this test also
proves that restructuring changed no status, score or message. When a change to grading is
intended, regenerate them and review the diff:

    JAXGRADE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graders.results import result_from_plain

from .conftest import REPO, golden_file, golden_report
from .corpus import CASES, Case


def _regraded(path: Path, assignment: str):  # type: ignore[no-untyped-def]
    """The submission graded by `jaxgrade grade` in a process of its own, as a SubmissionResult."""
    jaxgrade = str(Path(sys.executable).with_name("jaxgrade"))
    completed = subprocess.run([jaxgrade, "grade", "--lang", "en", "--format", "json", "--assignment", assignment,
                                str(path)], capture_output=True, text=True, timeout=600, cwd=REPO)
    assert completed.returncode == 0, completed.stderr[-2000:]
    [report] = json.loads(completed.stdout)
    return _result_from_report(report)


def _result_from_report(report: dict):  # type: ignore[no-untyped-def]
    plain = {key: report[key] for key in ("submission", "assignment", "flags", "environment", "student_output",
                                          "seconds")}
    plain["exercises"] = [
        {"name": exercise["name"], "stats": exercise["stats"], "seconds": exercise["seconds"],
         "checks": [{key: check[key] for key in ("name", "status", "message", "details", "timings")}
                    | {"points": check["score"], "max_points": check["max_score"]} for check in exercise["checks"]]}
        for exercise in report["exercises"]]
    return result_from_plain({"kind": "submission", **plain})


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_report_is_byte_identical_to_the_recorded_one(case: Case) -> None:
    report = golden_report(_regraded(REPO / case.path, case.assignment))
    golden = golden_file(case.path)
    if os.environ.get("JAXGRADE_REGENERATE_GOLDEN"):
        golden.write_text(report, encoding="utf-8")
    assert report == golden.read_text(encoding="utf-8")
