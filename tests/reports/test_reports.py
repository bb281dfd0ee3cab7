"""Report writers render results; they decide nothing."""

from __future__ import annotations

import json

from graders.reports import render_json, render_text
from graders.results import CheckResult, ExerciseResult, FileError, Status, SubmissionResult

RESULT = SubmissionResult(
    submission="s.ipynb",
    assignment="jit",
    exercises=(
        ExerciseResult("norm", (
            CheckResult("correctness", Status.PASSED, "ok", 3.0, 3.0, {"examples": 25}),
            CheckResult("jit_speedup", Status.FAILED, "slow", 0.0, 2.0, {"backend": "cpu"},
                        {"speedup": 1.02, "calibrated": 4.5, "required": 2.12, "student_seconds": 2e-5,
                         "eager_seconds": 2.04e-5, "rounds": 15}),
        )),
    ),
    flags=("cell failed: cell 3",),
    student_output="hello\n",
)


def test_json_has_the_documented_fields_and_scores() -> None:
    [report] = json.loads(render_json([RESULT]))
    assert report["score"] == 3.0 and report["max_score"] == 5.0
    assert report["flags"] == ["cell failed: cell 3"]
    check = report["exercises"][0]["checks"][1]
    assert check == {"name": "jit_speedup", "status": "failed", "message": "slow", "score": 0.0, "max_score": 2.0,
                     "details": {"backend": "cpu"},
                     "timings": {"speedup": 1.02, "calibrated": 4.5, "required": 2.12, "student_seconds": 2e-5,
                                 "eager_seconds": 2.04e-5, "rounds": 15}}


def test_file_errors_keep_their_place_in_the_json_array() -> None:
    reports = json.loads(render_json([FileError("bad.ipynb", "jit", "bad.ipynb: corrupt", 23.0), RESULT]))
    assert reports[0]["error"] == "bad.ipynb: corrupt" and reports[0]["exercises"] == []
    assert reports[1]["submission"] == "s.ipynb"


def test_text_shows_score_rows_figures_flags_and_output() -> None:
    text = render_text([RESULT], lang="en")
    assert "Score: 3 / 5" in text
    assert "norm (3/5)" in text and "jit_speedup" in text
    assert "yours 1.02x faster" in text and "jit of the formula 4.50x" in text and "needed 2.12x" in text
    assert "cell failed: cell 3" in text and "| hello" in text
    assert "점수: 3 / 5" in render_text([RESULT], lang="ko")
