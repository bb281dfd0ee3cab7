"""The CI workflow files run commands that work: a test runs the same commands, so they cannot rot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import junitparser
import yaml

from graders.registry import get_assignment

from .nbgrader_course import REPO

BIN = Path(sys.executable).parent


def _run_steps(workflow: Path) -> list[str]:
    document = yaml.safe_load(workflow.read_text())
    return [step["run"] for job in document["jobs"].values() for step in job["steps"] if "run" in step]


def _shell(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=1800)


def test_course_workflow_check_passes_on_this_repository() -> None:
    steps = _run_steps(REPO / ".github" / "workflows" / "course.yml")
    check = next(step for step in steps if "course check" in step)
    completed = _shell(check, REPO, {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"})
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "0 failed" in completed.stdout
    assert any("make test" in step for step in steps)


def test_student_workflow_grades_a_notebook_into_a_summary_and_junit(tmp_path: Path) -> None:
    workflow = REPO / "course" / "ci" / "student-workflow.yml"
    document = yaml.safe_load(workflow.read_text())
    grade = next(step["run"] for job in document["jobs"].values() for step in job["steps"]
                 if step.get("name") == "Grade")
    (tmp_path / "jit.ipynb").write_bytes((REPO / "samples" / "jit" / "doyun.ipynb").read_bytes())
    summary = tmp_path / "summary.md"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "GITHUB_STEP_SUMMARY": str(summary),
           **{key: str(value) for key, value in document["env"].items() if key != "JAXGRADE_PACKAGE"}}
    completed = _shell(grade, tmp_path, env)
    assert completed.returncode == 0, completed.stderr
    assert "jaxgrade · `jit.ipynb` · jit" in summary.read_text()
    xml = junitparser.JUnitXml.fromfile(str(tmp_path / "jaxgrade-report.xml"))
    expected = sum(len(exercise.points) for exercise in get_assignment("jit").exercises)
    assert sum(suite.tests for suite in xml) == expected
