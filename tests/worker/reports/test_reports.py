"""Report writers render results; they decide nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.cells import cell_len

from graders.common.results import CheckResult, ExerciseResult, FileError, Status, SubmissionResult
from graders.reports import render_json, render_text

from ...conftest import REPO

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
    assert "norm  3/5" in text and "jit_speedup" in text
    assert ("yours 1.02x faster than the un-jitted formula, jit of the formula 4.50x, needed 2.12x"
            in " ".join(text.split()))
    assert "cell failed: cell 3" in text and "| hello" in text
    assert "점수: 3 / 5" in render_text([RESULT], lang="ko")


def test_files_that_could_not_be_graded_are_left_to_stderr() -> None:
    text = render_text([FileError("bad.ipynb", "jit", "bad.ipynb: the file is empty.", 23.0), RESULT], lang="en")
    assert "bad.ipynb" not in text and "s.ipynb" in text


def _unspaced(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("submission", ["tests/submissions/jit/faulty_a.py", "samples/jax-numpy/jisoo.ipynb",
                                        "tests/submissions/purity/hidden_state.py"])
def test_at_80_columns_every_word_of_every_message_is_shown(graded, lang: str, submission: str) -> None:
    assignment = {"jit": "jit", "jax-numpy": "jax-numpy", "purity": "purity"}[Path(submission).parent.name
                                                                               .replace("jax_numpy", "jax-numpy")]
    result = graded(REPO / submission, assignment, lang)
    text = render_text([result], lang=lang, width=80)
    assert max(cell_len(line) for line in text.splitlines()) <= 80
    shown = _unspaced(text)
    for exercise in result.exercises:
        for check in exercise.checks:
            assert _unspaced(check.message) in shown, (exercise.name, check.name, check.message)
    for flag in result.flags:
        assert _unspaced(flag) in shown
