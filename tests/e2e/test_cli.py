"""`jaxgrade` as users run it: real console script, real worker, exit codes, clean stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graders.judge.supervisor.isolation import detect_isolation

from ..conftest import REPO, SUBMISSIONS, max_score

JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))
STUB = str(SUBMISSIONS / "jit" / "stub.py")


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([JAXGRADE, *args], capture_output=True, text=True, cwd=cwd, timeout=600,
                          env={**os.environ, "JAXGRADE_LANG": "en"})


def test_json_is_the_only_thing_on_stdout_and_follows_the_schema(tmp_path: Path) -> None:
    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        "import sys\n"
        "print('[{\"submission\": \"forged\", \"score\": 999}]')\n"
        "print('5 passed, 0 failed', file=sys.stderr)\n"
        "def flatten(x):\n    print('flattening')\n    return x.reshape(-1)\n"
    )
    completed = run("grade", "--assignment", "jit", "--format", "json", str(noisy), STUB)
    assert completed.returncode == 0, completed.stderr
    reports = json.loads(completed.stdout)
    assert [r["submission"] for r in reports] == [str(noisy), STUB]
    first = reports[0]
    assert set(first) >= {"submission", "assignment", "score", "max_score", "flags", "exercises"}
    assert first["assignment"] == "jit" and first["max_score"] == max_score("jit")
    flatten = next(e for e in first["exercises"] if e["name"] == "flatten")
    assert flatten["score"] == flatten["max_score"] == max_score("jit", "flatten")
    for exercise in first["exercises"]:
        assert set(exercise) >= {"name", "score", "max_score", "checks"}
        for check in exercise["checks"]:
            assert check["status"] in {"passed", "failed", "error", "skipped"}
            assert isinstance(check["message"], str) and check["message"]
    assert "forged" in first["student_output"] and "flattening" in first["student_output"]
    assert reports[1]["score"] == 0.0


def _file(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


@pytest.mark.parametrize(
    ("make", "phrase", "korean"),
    [
        (lambda d: d / "absent.ipynb", "no such file", "그런 파일이 없습니다"),
        (lambda d: _file(d / "broken.ipynb", "{not json"), "damaged or not a notebook",
         "손상되었거나"),
        (lambda d: _file(d / "notes.txt", "hello"), "not a notebook or a Python file",
         "노트북이나 Python 파일이 아닙니다"),
        (lambda d: _file(d / "cells.ipynb", '{"cells": 3}'), "not a Jupyter notebook",
         "Jupyter 노트북이 아닙니다"),
        (lambda d: _file(d / "list.ipynb", '[1, 2]'), "not a Jupyter notebook",
         "Jupyter 노트북이 아닙니다"),
        (lambda d: _file(d / "v1.ipynb", '{"nbformat": 1}'), "not a Jupyter notebook",
         "Jupyter 노트북이 아닙니다"),
        (lambda d: _file(d / "empty.ipynb", ""), "the file is empty", "빈 파일입니다"),
        (lambda d: _file(d / "blank.py", "\n  \n"), "the file is empty", "빈 파일입니다"),
        (lambda d: _file(d / "binary.ipynb", b"\x89PNG\r\n\x1a\n\xff"), "not text",
         "텍스트(UTF-8) 파일이 아니어서"),
        (lambda d: d, "folder, not a file", "파일이 아니라 폴더입니다"),
    ],
    ids=["missing", "corrupt-json", "wrong-suffix", "invalid-notebook", "json-list", "old-format-no-cells", "empty",
         "blank-py", "binary", "directory"],
)
def test_bad_files_get_one_line_and_exit_2_while_good_ones_are_graded(tmp_path: Path, make, phrase, korean) -> None:
    bad = make(tmp_path)
    completed = run("grade", "--assignment", "jit", "--format", "json", str(bad), STUB)
    assert completed.returncode == 2
    errors = completed.stderr.strip().splitlines()
    assert len(errors) == 1 and phrase in errors[0] and "Traceback" not in completed.stderr
    for internal in ("object has no attribute", "could not be converted", "Expecting value", "char 0", "Error("):
        assert internal not in completed.stderr
    reports = json.loads(completed.stdout)
    assert reports[0]["error"] and reports[1]["submission"] == STUB and "error" not in reports[1]
    # In the course's default language, printed once: on stderr, not repeated in the text report.
    korean_run = run("grade", "--assignment", "jit", "--lang", "ko", str(bad), STUB)
    assert korean_run.returncode == 2
    [line] = korean_run.stderr.strip().splitlines()
    assert korean in line and str(bad) in line
    assert str(bad) not in korean_run.stdout and STUB in korean_run.stdout


def test_a_notebook_graded_as_another_assignment_says_which_one_it_is(tmp_path: Path) -> None:
    completed = run("grade", "--assignment", "purity", "--format", "json",
                    str(REPO / "samples" / "jit" / "seoyeon.ipynb"))
    assert completed.returncode == 0
    [warning] = completed.stderr.strip().splitlines()
    assert "--assignment jit" in warning and "purity" in warning
    [report] = json.loads(completed.stdout)
    assert any(flag.startswith("other-assignment:") and "--assignment jit" in flag for flag in report["flags"])
    right = run("grade", "--assignment", "jit", "--format", "json", str(REPO / "samples" / "jit" / "seoyeon.ipynb"))
    assert right.stderr == "" and not any("other-assignment" in flag for flag in json.loads(right.stdout)[0]["flags"])
    # A script finds the flag by its code in every language: the Korean sentence never says `other-assignment`.
    korean = run("grade", "--assignment", "purity", "--format", "json", "--lang", "ko",
                 str(REPO / "samples" / "jit" / "seoyeon.ipynb"))
    [korean_report] = json.loads(korean.stdout)
    assert korean_report["flag_codes"] == report["flag_codes"] and "other-assignment" in report["flag_codes"]
    assert len(korean_report["flag_codes"]) == len(korean_report["flags"])


def _course_assignments() -> list[str]:
    return [folder.name for folder in (REPO / "exercises").iterdir() if folder.is_dir()]


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        # Every assignment the course has, whatever its name (a course's own assignment sorts anywhere).
        (("grade", "--assignment", "nope", STUB),
         "there is no assignment 'nope'; choose one of: " + ", ".join(sorted(_course_assignments()))),
        (("grade", STUB), "--assignment"),
        (("grade", "--assignment", "jit", "--jobs", "0", STUB), "--jobs=0"),
        (("grade", "--assignment", "jit", "--format", "xml", STUB), "invalid choice"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(args, phrase) -> None:
    completed = run(*args)
    assert completed.returncode == 2
    assert completed.stdout == ""
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1 and phrase in lines[0]


def test_text_report_is_a_readable_table() -> None:
    completed = run("grade", "--assignment", "jit", STUB)
    assert completed.returncode == 0
    assert f"Score: 0 / {max_score('jit'):g}" in completed.stdout
    assert "NotImplementedError" in completed.stdout and "skipped" in completed.stdout


def test_korean_is_the_course_default() -> None:
    env = {key: value for key, value in os.environ.items() if key != "JAXGRADE_LANG"}
    completed = subprocess.run([JAXGRADE, "grade", "--assignment", "jit", STUB], capture_output=True, text=True,
                               env=env, cwd=REPO, timeout=600)
    assert "점수" in completed.stdout and "건너뜀" in completed.stdout


def test_list_shows_assignments_exercises_checks_and_points() -> None:
    completed = run("list", "--lang", "en")
    assert completed.returncode == 0
    for phrase in ("jax-numpy", "jit", "purity", "norm(X)", "jit_speedup [2]", "compact_trace", "sgd_step"):
        assert phrase in completed.stdout


def test_parallel_jobs_keep_the_order_of_the_files() -> None:
    stub = str(SUBMISSIONS / "jit" / "stub.py")
    files = [stub, str(REPO / "solutions" / "jit.py"), stub]
    completed = run("grade", "--assignment", "jit", "--format", "json", "--jobs", "2", *files)
    assert completed.returncode == 0, completed.stderr
    reports = json.loads(completed.stdout)
    assert [r["submission"] for r in reports] == files
    assert [r["score"] for r in reports] == [0.0, max_score("jit"), 0.0]


def test_output_file_and_fail_under_gate(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    completed = run("grade", "--assignment", "jit", "--format", "junit", "--output", str(report),
                    "--fail-under", "20", STUB)
    assert completed.returncode == 1 and completed.stdout == ""
    assert "below --fail-under 20" in completed.stderr
    assert report.read_text().startswith("<?xml")
    passing = run("grade", "--assignment", "jit", "--format", "gradescope", "--fail-under", "0", STUB)
    assert passing.returncode == 0 and json.loads(passing.stdout)["score"] == 0.0
    both = run("grade", "--assignment", "jit", "--format", "gradescope", STUB, STUB)
    assert both.returncode == 2 and "one submission per run" in both.stderr


def test_one_grading_writes_several_reports(tmp_path: Path) -> None:
    junit, markdown = tmp_path / "report.xml", tmp_path / "summary.md"
    completed = run("grade", "--assignment", "jit", "--format", "json", "--report", f"junit={junit}",
                    "--report", f"markdown={markdown}", STUB)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)[0]["score"] == 0.0
    assert junit.read_text().startswith("<?xml") and "jit" in markdown.read_text()
    for bad, phrase in (("junit", "needs FORMAT=FILE"), ("pdf=x.pdf", "unknown format 'pdf'")):
        refused = run("grade", "--assignment", "jit", "--report", bad, STUB)
        assert refused.returncode == 2 and phrase in refused.stderr and refused.stderr.count("\n") == 1
    unwritable = run("grade", "--assignment", "jit", "--report", f"junit={tmp_path / 'missing' / 'r.xml'}", STUB)
    assert unwritable.returncode == 2 and "--report" in unwritable.stderr and unwritable.stderr.count("\n") == 1


def test_the_warm_command_reports_each_assignment_in_one_line(tmp_path: Path) -> None:
    environment = {**os.environ, "JAXGRADE_CACHE_DIR": "off"}
    done = subprocess.run([JAXGRADE, "warm", "jit"], capture_output=True, text=True, env=environment)
    assert (done.returncode, done.stdout) == (0, "jit: the compilation cache is off (JAXGRADE_CACHE_DIR=off)\n")
    unknown = subprocess.run([JAXGRADE, "warm", "nope"], capture_output=True, text=True, env=environment)
    assert (unknown.returncode == 2 and unknown.stderr.count("\n") == 1
            and "there is no assignment 'nope'" in unknown.stderr)
    blocked = tmp_path / "file"
    blocked.write_text("")
    environment["JAXGRADE_CACHE_DIR"] = str(blocked / "cache")
    unusable = subprocess.run([JAXGRADE, "warm", "jit"], capture_output=True, text=True, env=environment)
    if detect_isolation().full:
        assert unusable.returncode == 2 and unusable.stderr.count("\n") == 1
        assert "JAXGRADE_CACHE_DIR" in unusable.stderr
