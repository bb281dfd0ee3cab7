"""`jaxgrade course setup` and `jaxgrade course due` in a clone of the course, as a new instructor runs them.

A clone carries the committed `release/`: setup records every released notebook in the gradebook without ever
writing `release/` (not even with an instructor's ~/.jupyter/nbgrader_config.py naming the course as nbgrader's
root, which made `--force` rewrite it), runs again unchanged, and refuses in one line a change of graded cells
once students have submitted, or a `release/` that is not what `exercises/` generates.
"""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graders.course.setup import recorded_cells

from .nbgrader_course import BIN, REPO

pytestmark = pytest.mark.e2e


def _jaxgrade(home: Path, course: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"}  # jaxgrade by its full path
    return subprocess.run([str(BIN / "jaxgrade"), *args], cwd=course, env=environment, capture_output=True,
                          text=True, timeout=600)


def _release_files(course: Path) -> dict[str, tuple[bytes, int]]:
    return {str(path.relative_to(course)): (path.read_bytes(), path.stat().st_mtime_ns)
            for path in sorted((course / "release").rglob("*")) if path.is_file()}


@pytest.fixture
def clone(tmp_path: Path) -> tuple[Path, Path]:
    """A clone of the repository in an instructor's home whose ~/.jupyter config points nbgrader at it."""
    home = tmp_path / "home"
    course = home / "jax-course"
    subprocess.run(["git", "clone", "-q", str(REPO), str(course)], check=True, timeout=120)
    (home / ".jupyter").mkdir()
    (home / ".jupyter" / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        f"load_subconfig({str(course / 'nbgrader_config.py')!r})\n")
    return home, course


def test_a_clone_is_set_up_without_writing_release_and_set_up_again_unchanged(clone: tuple[Path, Path]) -> None:
    home, course = clone
    before = _release_files(course)
    first = _jaxgrade(home, course, "course", "setup")
    assert first.returncode == 0, first.stderr
    assert _release_files(course) == before
    assignments = sorted(path.name for path in (course / "release").iterdir())
    recorded = {name: recorded_cells(course / "gradebook.db", name) for name in assignments}
    assert all(recorded.values()), recorded
    for name in assignments:
        assert f"{name}: {name} recorded" in first.stdout
    again = _jaxgrade(home, course, "course", "setup")
    assert again.returncode == 0, again.stderr
    assert {name: recorded_cells(course / "gradebook.db", name) for name in assignments} == recorded
    assert _release_files(course) == before

    # The due date: an abbreviation is refused in one line; a wall time means the course's zone (Asia/Seoul).
    refused = _jaxgrade(home, course, "course", "due", "jit", "2026-12-01 23:59:00 KST")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr
    assert "--zone Asia/Seoul" in refused.stderr
    due = _jaxgrade(home, course, "course", "due", "jit", "2027-06-18 23:59")
    assert due.returncode == 0, due.stderr
    assert "2027-06-18 23:59:00 KST (Asia/Seoul, UTC+09:00) = 2027-06-18 14:59:00 UTC" in due.stdout
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assert gradebook.find_assignment("jit").duedate == datetime(2027, 6, 18, 14, 59)
    shown = _jaxgrade(home, course, "course", "due", "jit", "--zone", "UTC")
    assert "jit: due 2027-06-18 14:59:00 UTC (UTC, UTC+00:00)" in shown.stdout, shown


def test_a_change_of_graded_cells_after_submissions_and_a_stale_release_are_refused(
        clone: tuple[Path, Path]) -> None:
    home, course = clone
    assert _jaxgrade(home, course, "course", "setup", "jit").returncode == 0
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        gradebook.add_student("alice")
        gradebook.add_submission("jit", "alice", timestamp=datetime.now(UTC).replace(tzinfo=None))
    cells = recorded_cells(course / "gradebook.db", "jit")
    before = _release_files(course)
    source = course / "exercises" / "jit" / "jit.ipynb"
    notebook = json.loads(source.read_text())
    graded = next(cell for cell in notebook["cells"] if cell["metadata"].get("nbgrader", {}).get("grade"))
    graded["metadata"]["nbgrader"]["points"] += 1
    source.write_text(json.dumps(notebook, indent=1))
    refused = _jaxgrade(home, course, "course", "setup", "jit")
    assert refused.returncode == 2, refused
    line = refused.stderr.strip()
    assert "\n" not in line and "jit: the gradebook holds 1 submission(s)" in line and "Nothing was changed" in line
    assert recorded_cells(course / "gradebook.db", "jit") == cells and _release_files(course) == before

    # The release edited by hand (exercises/ as committed again): refused, and release/ is left as it is.
    subprocess.run(["git", "checkout", "-q", "--", "exercises"], cwd=course, check=True)
    released = course / "release" / "jit" / "jit.ipynb"
    released.write_text(released.read_text().replace("norm", "norm ", 1))
    edited = _jaxgrade(home, course, "course", "setup", "jit")
    assert edited.returncode == 2 and "release/ is not what nbgrader generates" in edited.stderr, edited
    assert "jit/jit.ipynb" in edited.stderr and "norm " in released.read_text()
    assert not os.path.exists(course / "release" / ".jit.new")
