"""Regrading reproduces every verdict: each corpus submission's report, timings and environment aside,
is byte-identical to the one recorded in tests/golden/.

The files were written before the code was restructured (issue #13), so this test also
proves that restructuring changed no status, score or message. When a change to grading is
intended, regenerate them and review the diff:

    JAXGRADE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import os

import pytest

from .conftest import REPO, golden_file, golden_report
from .corpus import CASES, Case


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_report_is_byte_identical_to_the_recorded_one(case: Case, graded) -> None:
    report = golden_report(graded(REPO / case.path, case.assignment))
    golden = golden_file(case.path)
    if os.environ.get("JAXGRADE_REGENERATE_GOLDEN"):
        golden.write_text(report, encoding="utf-8")
    assert report == golden.read_text(encoding="utf-8")
