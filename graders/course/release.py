"""Generate `release/` with nbgrader without ever risking the course's gradebook or release.

`nbgrader generate_assignment --force` deletes the release directory before it
converts, and refuses to change an assignment whose cells students have
already submitted against; run in the course directory it could leave a
course with no released notebooks, and an earlier `make release` deleted
`gradebook.db` outright, grades included. Here nbgrader runs in a scratch copy
of the course. The assignments are recorded in the course's own gradebook
(created if absent, updated in place, never removed: that is what
`nbgrader autograde` reads), and `release/` is replaced only once every
assignment has been generated.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["ReleaseError", "generate_release", "nbgrader_environment", "release_differences", "released_in_scratch"]

_NBGRADER_SECONDS = 600


class ReleaseError(Exception):
    """nbgrader could not generate an assignment; the message is one line."""


def nbgrader_environment() -> dict[str, str]:
    """This interpreter's scripts first on PATH, so nbgrader finds the engine it was installed with."""
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def released_in_scratch(root: Path, assignments: Sequence[str], scratch: Path,
                        gradebook: Path | None = None) -> Path:
    """Run `nbgrader generate_assignment` for `assignments` in a copy of the course at `scratch`.

    Returns the scratch course's release directory. `gradebook` is the
    database nbgrader records the assignments in; None uses a throwaway one.
    """
    course = scratch / "course"
    course.mkdir(parents=True)
    shutil.copy(root / "nbgrader_config.py", course / "nbgrader_config.py")
    shutil.copytree(root / "exercises", course / "exercises")
    database = gradebook.resolve() if gradebook is not None else scratch / "gradebook.db"
    nbgrader = str(Path(sys.executable).with_name("nbgrader"))
    # The user's own Jupyter configuration stays out: an instructor's ~/.jupyter/nbgrader_config.py names the
    # real course as CourseDirectory.root (docs/deploy.md writes one), and `--force` would then delete and
    # rewrite the real release/. The root is named on the command line as well, which outranks any file.
    (scratch / "jupyter-config").mkdir()
    environment = {**nbgrader_environment(), "JUPYTER_CONFIG_DIR": str(scratch / "jupyter-config")}
    for assignment in assignments:
        completed = subprocess.run(
            [nbgrader, "generate_assignment", assignment, "--force", f"--CourseDirectory.root={course}",
             f"--CourseDirectory.db_url=sqlite:///{database}"],
            cwd=course, env=environment, capture_output=True, text=True, timeout=_NBGRADER_SECONDS,
        )
        if completed.returncode != 0:
            raise ReleaseError(f"{assignment}: {_nbgrader_reason(completed.stderr)}")
    return course / "release"


def generate_release(root: Path, assignments: Sequence[str]) -> list[Path]:
    """Regenerate `root/release/<assignment>` for each assignment; record them in `root/gradebook.db`.

    On any failure nothing under `root` has changed (the gradebook aside, where
    nbgrader only ever adds or updates an assignment's cells) and ReleaseError says why.
    """
    with tempfile.TemporaryDirectory(prefix="jaxgrade-release-") as directory:
        generated = released_in_scratch(root, assignments, Path(directory), gradebook=root / "gradebook.db")
        written = []
        for assignment in assignments:
            target = root / "release" / assignment
            staged = root / "release" / f".{assignment}.new"
            shutil.rmtree(staged, ignore_errors=True)
            shutil.copytree(generated / assignment, staged)
            # The old release goes only once the new one is complete beside it.
            shutil.rmtree(target, ignore_errors=True)
            staged.rename(target)
            written.extend(sorted(path for path in target.rglob("*") if path.is_file()))
        return written


def release_differences(generated: Path, committed: Path, assignments: Sequence[str] | None = None) -> list[str]:
    """The files that differ between a generated release and the committed one (all, or `assignments`')."""
    names = sorted({path.name for path in (*generated.iterdir(), *committed.iterdir()) if path.is_dir()}
                   if assignments is None else assignments)
    found: list[str] = []
    for name in names:
        if not (generated / name).is_dir() or not (committed / name).is_dir():
            found.append(name)
            continue
        found += [f"{name}/{path}" for path in _differences(filecmp.dircmp(generated / name, committed / name))]
    return found


def _differences(comparison: filecmp.dircmp[str]) -> list[str]:
    found = [*comparison.left_only, *comparison.right_only, *comparison.diff_files]
    for sub in comparison.subdirs.values():
        found += [f"{sub.left.rsplit('/', 1)[-1]}/{path}" for path in _differences(sub)]
    return found


def _nbgrader_reason(stderr: str) -> str:
    """nbgrader's own explanation, in one line, with a way out where one is known."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line.split("] ", 1)[-1] for line in lines if "ERROR" in line or "Error" in line]
    reason = next((line for line in errors if "submissions" in line), errors[0] if errors else
                  (lines[-1] if lines else "nbgrader generate_assignment failed"))
    if "submissions associated" in reason:
        reason += (" (students have submitted this assignment: keep its graded and solution cells as they are, "
                   "or release the change as a new assignment); release/ and gradebook.db are unchanged")
    return reason[:500]
