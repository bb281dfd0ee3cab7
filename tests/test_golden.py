"""Regrading reproduces every verdict: each corpus submission's report, timings and environment aside,
is byte-identical to the one recorded in tests/golden/.

The files were written before the code was restructured (issue #13), so this test also
proves that restructuring changed no status, score or message. When a change to grading is
intended, regenerate them and review the diff:

    JAXGRADE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
import re

import pytest

from graders.reports import render_json

from .conftest import REPO
from .corpus import CASES, Case

GOLDEN = REPO / "tests" / "golden"


def _comparable(result) -> str:  # type: ignore[no-untyped-def]
    """The JSON report without what may differ between two gradings: timings and the machine."""
    [report] = json.loads(render_json([result]))
    for field in ("seconds", "environment"):
        report.pop(field)
    for exercise in report["exercises"]:
        exercise.pop("seconds")
        for check in exercise["checks"]:
            check.pop("timings")
    return json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _golden_file(case: Case):  # type: ignore[no-untyped-def]
    return GOLDEN / (re.sub(r"[^A-Za-z0-9_.-]+", "__", case.path) + ".json")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_report_is_byte_identical_to_the_recorded_one(case: Case, graded) -> None:
    report = _comparable(graded(REPO / case.path, case.assignment))
    golden = _golden_file(case)
    if os.environ.get("JAXGRADE_REGENERATE_GOLDEN"):
        golden.write_text(report.replace(str(REPO) + "/", ""), encoding="utf-8")
    assert report.replace(str(REPO) + "/", "") == golden.read_text(encoding="utf-8")
