"""The fault-line labels (`tests/fault_lines.py`) point at files, exercises and lines that exist.

Nothing is graded: the files are read the way the judge reads them, never run.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from graders.judge.submission import Cell, read_submission

from ..conftest import REPO
from ..corpus import CASES
from ..fault_lines import FAULT_LINES, FaultLine
from ..heldout36_fault_lines import HELDOUT36
from ..heldout36b_fault_lines import HELDOUT36B
from ..heldout49_fault_lines import HELDOUT49

# The corpus's labels and the held-out round's, both checked against their files.
LABELS = (*FAULT_LINES, *HELDOUT36, *HELDOUT36B, *HELDOUT49)


def _label_id(label: FaultLine) -> str:
    return f"{label.path}::{label.exercise}"


def _source(label: FaultLine) -> list[str]:
    """The lines the label's numbers count: a notebook cell's, or a .py file's (which all its cells share)."""
    submission = read_submission(REPO / label.path)
    if label.cell is None:
        assert submission.kind == "python", f"{label.path} is a notebook: say which cell"
        return (REPO / label.path).read_text().splitlines()
    assert submission.kind == "notebook", f"{label.path} is not a notebook: its cell must be None"
    cells: dict[int, Cell] = {cell.index: cell for cell in submission.cells}
    assert label.cell in cells, f"{label.path} has no code cell {label.cell}; its code cells are {sorted(cells)}"
    return cells[label.cell].source.splitlines()


def test_there_are_labels() -> None:
    assert FAULT_LINES
    assert {label.assignment for label in FAULT_LINES} == {"jax-numpy", "jit", "purity"}


@pytest.mark.parametrize("label", LABELS, ids=_label_id)
def test_label_names_an_existing_file_assignment_and_exercise(label: FaultLine) -> None:
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load

    load()

    assert (REPO / label.path).is_file(), label.path
    assert not Path(label.path).is_absolute() and "\\" not in label.path
    exercises = [exercise.name for exercise in get_assignment(label.assignment).exercises]
    assert label.exercise in exercises, f"{label.assignment} has no exercise {label.exercise!r}: {exercises}"
    assert label.cause.strip(), "say in a few words what is wrong"


@pytest.mark.parametrize("label", LABELS, ids=_label_id)
def test_labelled_lines_are_inside_the_file_or_cell(label: FaultLine) -> None:
    assert label.lines, "label at least one line"
    assert list(label.lines) == sorted(set(label.lines)), "lines in order, each once"
    source = _source(label)
    for line in label.lines:
        assert 1 <= line <= len(source), f"line {line} is outside {label.path} (cell {label.cell}): {len(source)} lines"
        assert source[line - 1].strip(), f"line {line} of {label.path} (cell {label.cell}) is blank"


def test_labels_are_unique_per_file_and_exercise() -> None:
    repeated = [key for key, count in Counter((f.path, f.exercise) for f in FAULT_LINES).items() if count > 1]
    assert not repeated


def test_labels_agree_with_the_corpus() -> None:
    """A file the corpus lists is labelled under the corpus's assignment, and never one it gives full marks."""
    cases = {case.path: case for case in CASES}
    for label in FAULT_LINES:
        case = cases.get(label.path)
        if case is None:
            continue
        assert label.assignment == case.assignment, label
        assert not case.full_marks, f"{label.path} is correct (full marks in tests/corpus.py)"
