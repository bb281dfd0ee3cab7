"""The README says what the code is: its table of assignments is the catalogue's, its test counts the suite's."""

from __future__ import annotations

import inspect

from graders.common.spec import Exercise
from graders.judge.catalogue import load

from ..conftest import REPO

README = REPO / "README.md"


def _function(exercise: Exercise) -> str:
    notes = []
    if "jit_compiled" in exercise.points:
        notes.append("jit-compiled")
    if "jit_speedup" in exercise.points:
        notes.append("timed")
    if "compact_trace" in exercise.points:
        notes.append("compact trace")
    notes += [f"`{name}` static" for name in exercise.static_argnames]
    call = f"`{exercise.name}{inspect.signature(exercise.reference)}`"
    return call + (f" ({', '.join(notes)})" if notes else "")


def expected_table() -> str:
    rows = ["| assignment | graded functions |", "| --- | --- |"]
    for name, assignment in sorted(load().items()):
        rows.append(f"| `{name}` | {', '.join(_function(exercise) for exercise in assignment.exercises)} |")
    return "\n".join(rows)


def test_the_readme_lists_every_assignment_as_the_catalogue_declares_it() -> None:
    section = README.read_text().split("## Assignments", 1)[1]
    table = "\n".join(line for line in section.split("\n\n", 2)[1].splitlines() if line.startswith("|"))
    assert table == expected_table(), f"README.md's table under '## Assignments' should read:\n{expected_table()}"
