"""Cells a student deleted, put back where the release had them, before the judge grades.

nbgrader restores a locked cell whose source a student changed (`OverwriteCells`), but not one the
student deleted: a deleted imports cell turns a correct notebook into `name 'jax' is not defined`
everywhere, and a deleted grade cell records no score. Here every locked or grade cell of the
released notebook that the submission lacks comes back as released (source and nbgrader metadata,
checksum included), right after the nearest cell before it in the release that the submission still
has: a grade cell after the solution cell it grades, the imports cell at the top. Solution cells are
the student's and are never put back. The judge then grades the notebook as restored, and the
student's feedback lists what came back (`restored_note`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import nbformat

from graders.common.i18n import t

__all__ = ["RestoredCell", "restore_missing_cells", "restored_note"]


@dataclass(frozen=True)
class RestoredCell:
    """A cell put back: its nbgrader id and the first line of its source (how a student finds it)."""

    grade_id: str
    first_line: str


def _grade_id(cell: nbformat.NotebookNode) -> str | None:
    value = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    return value if isinstance(value, str) else None


def _restorable(cell: nbformat.NotebookNode) -> bool:
    nbgrader = cell.get("metadata", {}).get("nbgrader", {})
    return bool(nbgrader.get("locked") or nbgrader.get("grade")) and not nbgrader.get("solution")


def restore_missing_cells(notebook: nbformat.NotebookNode, release: nbformat.NotebookNode) -> list[RestoredCell]:
    """Put back into `notebook`, in place, every locked or grade cell of `release` it lacks; what was put back."""
    restored: list[RestoredCell] = []
    present = {grade_id for cell in notebook.cells if (grade_id := _grade_id(cell)) is not None}
    anchor: str | None = None  # the last release cell, in order, that the notebook has
    for template in release.cells:
        grade_id = _grade_id(template)
        if grade_id is None:
            continue
        if grade_id in present:
            anchor = grade_id
            continue
        if not _restorable(template):
            continue
        position = 0
        if anchor is not None:
            position = next(index for index, cell in enumerate(notebook.cells) if _grade_id(cell) == anchor) + 1
        cell = copy.deepcopy(template)
        if cell.get("cell_type") == "code":
            cell.outputs, cell.execution_count = [], None
        notebook.cells.insert(position, cell)
        present.add(grade_id)
        anchor = grade_id
        lines = [line.strip() for line in str(template.source).splitlines() if line.strip()]
        restored.append(RestoredCell(grade_id, lines[0] if lines else grade_id))
    return restored


def restored_note(cells: list[RestoredCell], lang: str) -> str:
    """One sentence for the student's feedback naming the cells put back (self-checks left unnamed:
    the grader does not run them)."""
    named = [f"`{cell.first_line[:60]}`" for cell in cells if not cell.grade_id.startswith("selfcheck_")]
    return t("note.restored_cells", lang, cells=", ".join(named)) if named else ""
