"""`jaxgrade course setup`: the course's gradebook learns every released notebook, from a clone as it is.

A clone of the course repository carries `release/`, committed. `nbgrader generate_assignment jit` then says
"Skipping existing assignment" and records nothing, so every autograde fails with "No notebooks found"; with
`--force` it deletes `release/jit` first and, once students have submitted, refuses to record the cells at
all. Here nbgrader runs in a scratch copy of the course (`released_in_scratch`), writing only the course's
`gradebook.db`: `release/` is read, never written. It is idempotent: what the gradebook already records is
recorded again, unchanged.

Two things are refused, each in one line that says what to do: an assignment whose grade or locked cells
would change in a gradebook that already holds submissions of it (the scores would no longer add up), and a
`release/` that is not what nbgrader generates from `exercises/` (students would fetch other cells than those
graded).
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .gradebook import database_url
from .release import ReleaseError, release_differences, released_in_scratch

__all__ = ["SetupError", "SetupResult", "recorded_cells", "set_up_course"]


class SetupError(Exception):
    """The course cannot be set up as it is; the message is one line that says what to do."""


@dataclass(frozen=True)
class SetupResult:
    """What `set_up_course` recorded: per assignment, its notebooks and their graded points."""

    gradebook: Path
    notebooks: dict[str, tuple[str, ...]]
    points: dict[str, float]


def recorded_cells(gradebook: Path, assignment: str) -> frozenset[tuple[str, str, str, str]]:
    """What the gradebook records of `assignment`'s cells: (notebook, kind, cell, points or checksum).

    Empty when the gradebook or the assignment does not exist, or it has no notebooks yet.
    """
    from nbgrader.api import Gradebook, MissingEntry

    if not gradebook.exists():
        return frozenset()
    cells: set[tuple[str, str, str, str]] = set()
    with Gradebook(f"sqlite:///{gradebook}") as book:
        try:
            notebooks = book.find_assignment(assignment).notebooks
        except MissingEntry:
            return frozenset()
        for notebook in notebooks:
            cells.update((notebook.name, "grade", cell.name, f"{cell.max_score:g}") for cell in notebook.grade_cells)
            cells.update((notebook.name, "source", cell.name, str(cell.checksum or ""))
                         for cell in notebook.source_cells if cell.locked)
    return frozenset(cells)


def _submissions(gradebook: Path, assignment: str) -> int:
    from nbgrader.api import Gradebook, MissingEntry

    if not gradebook.exists():
        return 0
    with Gradebook(f"sqlite:///{gradebook}") as book:
        try:
            return len(book.find_assignment(assignment).submissions)
        except MissingEntry:
            return 0


def _copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite file that another process (the watch) may be writing."""
    if not source.exists():
        return
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)


def set_up_course(root: Path, assignments: Sequence[str]) -> SetupResult:
    """Record `assignments`' notebooks in `root/gradebook.db` from `root/exercises/`, checked against `release/`.

    Raises SetupError (one line) when `root` is no course, nbgrader refuses, cells would change under
    submissions, or `release/` differs from what `exercises/` generates. `release/` is never written.
    """
    for needed in ("nbgrader_config.py", "exercises", "release"):
        if not (root / needed).exists():
            raise SetupError(f"{root.resolve()} has no {needed}: run this in a clone of the course repository, "
                             f"or pass --root with one")
    gradebook = (root / "gradebook.db").resolve()
    submitted = {name: count for name in assignments if (count := _submissions(gradebook, name))}
    with tempfile.TemporaryDirectory(prefix="jaxgrade-setup-") as directory:
        scratch = Path(directory)
        if submitted:
            # Students have submitted: nbgrader runs first on a copy, and the cells it records are compared.
            probe = scratch / "probe.db"
            _copy_database(gradebook, probe)
            _generate(root, list(submitted), scratch / "probe", probe)
            for name, count in submitted.items():
                if recorded_cells(probe, name) != recorded_cells(gradebook, name):
                    raise SetupError(
                        f"{name}: the gradebook holds {count} submission(s), and exercises/ now gives {name} other "
                        f"graded or locked cells than it recorded; keep those cells as they were (git diff "
                        f"exercises/{name}), or release the change as a new assignment. Nothing was changed")
        released = _generate(root, assignments, scratch / "course", gradebook)
        differing = release_differences(released, root / "release", assignments)
    if differing:
        raise SetupError(f"release/ is not what nbgrader generates from exercises/ (differs: {', '.join(differing)}): "
                         f"run `jaxgrade course release` to regenerate it, or `git checkout -- release/` to undo "
                         f"a local edit. The gradebook now records exercises/")
    return SetupResult(gradebook, *_summary(gradebook, assignments))


def _generate(root: Path, assignments: Sequence[str], scratch: Path, gradebook: Path) -> Path:
    try:
        return released_in_scratch(root, assignments, scratch, gradebook=gradebook)
    except ReleaseError as error:
        raise SetupError(f"{error}. Nothing under release/ was changed") from None


def _summary(gradebook: Path, assignments: Sequence[str]) -> tuple[dict[str, tuple[str, ...]], dict[str, float]]:
    from nbgrader.api import Gradebook

    notebooks: dict[str, tuple[str, ...]] = {}
    points: dict[str, float] = {}
    with Gradebook(database_url(gradebook.parent)) as book:
        for name in assignments:
            recorded = book.find_assignment(name).notebooks
            notebooks[name] = tuple(sorted(notebook.name for notebook in recorded))
            points[name] = sum(cell.max_score for notebook in recorded for cell in notebook.grade_cells)
    return notebooks, points
