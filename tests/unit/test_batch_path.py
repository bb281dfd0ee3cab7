"""Every command that grades many files goes through the one batch path (`graders.batch.grading`).

Read from the source, not run: a caller that reaches past `grade_many` to the pieces it is
made of (the pool, the first worker, the cache fill, the process preparation, the cluster) would
keep a batching policy of its own, which is what this guards against.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GRADERS = Path(__file__).resolve().parents[2] / "graders"
CALLERS = ("cli.py", "course/classroom.py", "course/demo.py", "course/autograde_command.py", "course/autograde.py",
           "course/grade_ahead.py", "course/watch.py", "__init__.py")
# What grade_many is made of: only graders/batch/grading.py (and the modules that define them) may use them.
PIECES = {"grade_files", "begin_worker", "warm_quietly", "warm_assignment", "prepare_grading_process",
          "grade_on_cluster", "grade_submission"}


def _names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            used.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
    return used


@pytest.mark.parametrize("caller", CALLERS)
def test_a_command_that_grades_files_reaches_no_piece_of_the_batch_path(caller: str) -> None:
    reached = _names_used(GRADERS / caller) & PIECES
    if caller == "__init__.py":
        reached -= {"grade_submission"}  # grading one Submission object is public API, not a batch
    if caller == "cli.py":
        reached -= {"warm_assignment"}  # `jaxgrade warm` is the cache fill itself, asked for by name
    assert not reached, f"graders/{caller} uses {sorted(reached)}; call graders.batch.grading.grade_many instead"


@pytest.mark.parametrize("caller", ("cli.py", "course/classroom.py", "course/demo.py", "course/autograde.py",
                                    "course/grade_ahead.py"))
def test_the_commands_that_grade_call_grade_many(caller: str) -> None:
    assert "grade_many" in _names_used(GRADERS / caller)


def test_the_autograde_command_grades_ahead_through_the_batch_path() -> None:
    # A class graded ahead of nbgrader, in this process: grade_ahead, which calls grade_many.
    assert "grade_ahead" in _names_used(GRADERS / "course" / "autograde_command.py")
