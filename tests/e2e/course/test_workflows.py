"""The CI workflow files run commands that work: a test runs the same commands, so they cannot rot.

The instructor's grading workflow and the student template are tested in test_classroom.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

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
