"""The README's instructor commands, run exactly as written, in a copy of the repository.

The copy is what a fresh clone holds (tracked files, plus new ones not ignored), sharing the
installed environment the way `make demo` would have made it. The instructor block of the
README runs line by line in bash, with only the exchange path changed to a temporary one; two
students fetch and submit from their own environment (`.venv-student`) between the line that
releases the assignment and the line that runs the watch service (the due date is moved a day ahead
of the test, as the exchange path is moved to a temporary folder). Then `make release` runs again in the
middle of the course, and every grade must still be there.
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from nbgrader.api import Gradebook

from ...conftest import max_score
from .nbgrader_course import REPO, STUDENT_BIN, set_solution, solution_sources

ASSIGNMENT = "jit"
README_EXCHANGE = "/srv/nbgrader/exchange"


def _instructor_lines() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## For instructors", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the README's instructor section has no ```sh block"
    return [line.split("  #", 1)[0].rstrip() for line in block.group(1).splitlines() if line.strip()]


def _fresh_copy(destination: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=REPO,
                            capture_output=True, check=True).stdout.decode().split("\0")
    stamp = (REPO / ".venv" / ".installed-stamp").stat().st_mtime
    for name in filter(None, listed):
        source = REPO / name
        if not source.is_file():
            continue  # listed by git, deleted in the working tree
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        # A clone's files are older than the environment `make demo` installed after cloning.
        os.utime(target, (stamp - 60, stamp - 60))
    (destination / ".venv").symlink_to(REPO / ".venv")
    return destination


def _bash(lines: list[str], cwd: Path, exchange: Path) -> subprocess.CompletedProcess[str]:
    # The README's due date moves to a day from now, so that the students below submit before it: the same wall
    # time format, in the course's zone.
    due = (datetime.now(UTC) + timedelta(days=1)).astimezone(ZoneInfo("Asia/Seoul")).strftime("%Y-%m-%d %H:%M")
    script = "set -euo pipefail\n" + "\n".join(
        re.sub(r'(jaxgrade course due \S+) "[^"]*"', rf'\1 "{due}"', line.replace(README_EXCHANGE, str(exchange)))
        for line in lines)
    completed = subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True, timeout=1800,
                               env={**os.environ, "JAXGRADE_LANG": "en"})
    assert completed.returncode == 0, f"{lines} failed ({completed.returncode}):\n{completed.stderr[-3000:]}"
    return completed


def _student(name: str, home_root: Path, exchange: Path, *args: str) -> None:
    home = home_root / name
    if not home.exists():
        (home / ".jupyter").mkdir(parents=True)
        shutil.copy(REPO / "deploy" / "student_nbgrader_config.py", home / ".jupyter" / "nbgrader_config.py")
    environment = {**os.environ, "HOME": str(home), "JAXGRADE_EXCHANGE": str(exchange),
                   "PATH": f"{STUDENT_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    completed = subprocess.run([str(STUDENT_BIN / "nbgrader"), *args], cwd=home, env=environment,
                               capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stderr[-2000:]


def _grades(course: Path) -> dict[tuple[str, str], float]:
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return {(submission.student.id, grade.name): grade.score
                for submission in gradebook.assignment_submissions(ASSIGNMENT)
                for notebook in submission.notebooks for grade in notebook.grades}


def _exported(course: Path) -> dict[str, float]:
    with open(course / "grades.csv", newline="") as handle:
        return {row["student_id"]: float(row["raw_score"]) for row in csv.DictReader(handle)
                if row["assignment"] == ASSIGNMENT}


@pytest.fixture(scope="module")
def taught(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("readme")
    course, exchange, homes = _fresh_copy(base / "clone"), base / "exchange", base / "homes"
    exchange.mkdir()
    lines = _instructor_lines()
    released = next(position for position, line in enumerate(lines) if "release_assignment" in line)
    setup, before, after = lines[:1], lines[:released + 1], lines[released + 1:]
    assert setup[0].startswith("export ") and "jaxgrade course setup" in before[1]

    _bash(before, course, exchange)
    answers = solution_sources(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    for student in ("alice", "bob"):
        _student(student, homes, exchange, "fetch_assignment", ASSIGNMENT, "--course", "jax-course")
    notebook = homes / "alice" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    for exercise, source in answers.items():
        set_solution(notebook, exercise, source)
    set_solution(homes / "bob" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", "flatten",
                 "import jax.numpy as jnp\n\ndef flatten(x):\n    return jnp.ravel(x)")
    for student in ("alice", "bob"):
        _student(student, homes, exchange, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")
    _bash(setup + after, course, exchange)
    return course


def test_the_readme_commands_grade_every_student_into_the_gradebook_and_the_export(taught: Path) -> None:
    scores = _exported(taught)
    assert scores["alice"] == max_score(ASSIGNMENT)
    assert scores["bob"] == max_score(ASSIGNMENT, "flatten")
    assert list((taught / "feedback" / "bob" / ASSIGNMENT).glob("*.html"))


def test_a_make_release_in_the_middle_of_the_course_keeps_every_grade(taught: Path, tmp_path: Path) -> None:
    before, exported = _grades(taught), _exported(taught)
    assert len(before) >= 2 * 4
    lines = _instructor_lines()
    _bash([lines[0], "make release", "nbgrader export"], taught, tmp_path)
    assert _grades(taught) == before
    assert _exported(taught) == exported
