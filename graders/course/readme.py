"""The README's table of assignments, written from the catalogue.

`jaxgrade course build --readme README.md` (run by `make release`) rewrites the table under
"## Assignments", so a new exercise reaches the README the way it reaches the notebooks: from its
`Exercise` declaration, not by hand. `tests/unit/test_readme.py` holds the committed README to it.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping

from graders.common.spec import Assignment, Exercise

__all__ = ["HEADING", "ReadmeError", "assignment_table", "current_table", "with_assignment_table"]

HEADING = "## Assignments"


class ReadmeError(ValueError):
    """The README has no table to rewrite where the catalogue's belongs."""


def _function(exercise: Exercise) -> str:
    """`name(signature)` and what the grader asks of it beyond correctness and purity."""
    notes = []
    if "jit_compiled" in exercise.points:
        notes.append("jit-compiled")
    if "jit_speedup" in exercise.points:
        notes.append("timed")
    if "compact_trace" in exercise.points:
        notes.append("compact trace")
    notes += [f"`{name}` static" for name in exercise.static_argnames]
    call = f"`{exercise.name}{inspect.signature(exercise.reference)}`"
    # One table cell on one line: a newline in a default's repr would end the table, and a `|` (GitHub
    # splits on it even in a code span) would end the cell.
    return (call + (f" ({', '.join(notes)})" if notes else "")).replace("\n", " ").replace("|", "\\|")


def assignment_table(assignments: Mapping[str, Assignment]) -> str:
    """One Markdown row per assignment, by name: its graded functions, in the notebook's order."""
    rows = ["| assignment | graded functions |", "| --- | --- |"]
    for name, assignment in sorted(assignments.items()):
        rows.append(f"| `{name}` | {', '.join(_function(exercise) for exercise in assignment.exercises)} |")
    return "\n".join(rows)


def current_table(text: str) -> str:
    """The table the README has under its heading ('' when it has none)."""
    start, end = _table_span(text)
    return text[start:end] if end > start else ""


def with_assignment_table(text: str, table: str) -> str:
    """`text` with the first table under "## Assignments" replaced by `table`; all else kept byte for byte."""
    start, end = _table_span(text)
    if end == start:
        raise ReadmeError(f"no table under {HEADING!r} to rewrite: put one there (a line starting with '|')")
    return text[:start] + table + text[end:]


def _table_span(text: str) -> tuple[int, int]:
    """Where the first run of '|' lines after the heading starts and ends (equal when there is none)."""
    at = text.find(f"\n{HEADING}\n")
    if at < 0:
        raise ReadmeError(f"no {HEADING!r} heading: the README's table of assignments goes under it")
    position = at + len(HEADING) + 2
    start = end = -1
    for line in text[position:].splitlines(keepends=True):
        if line.startswith("|"):
            if start < 0:
                start = position
            end = position + len(line.rstrip("\n"))
        elif start >= 0 or line.startswith("#"):
            break
        position += len(line)
    return (start, end) if start >= 0 else (position, position)
