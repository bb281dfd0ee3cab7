"""Read a submission file into ordered code cells, in the judge, without running it."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Cell", "SELF_CHECK_PREFIX", "Submission", "SubmissionError", "read_submission"]

_MAX_BYTES = 20 * 1024 * 1024

# The grade_id prefix of the course's self-check cells. They only print ✓ or ✗ for the
# student; the hidden checks replace them, and nbgrader restores their locked source
# before autograding, so grading skips them (about 0.3-0.8 s of compilations per notebook).
SELF_CHECK_PREFIX = "selfcheck_"


class SubmissionError(Exception):
    """A file that cannot be graded at all; the message is one line for the user."""


@dataclass(frozen=True)
class Cell:
    index: int
    filename: str
    source: str
    grade_id: str = ""


@dataclass(frozen=True)
class Submission:
    path: Path
    kind: str
    cells: tuple[Cell, ...]

    @property
    def cells_to_run(self) -> tuple[Cell, ...]:
        """The cells grading executes: all but the course's self-checks."""
        return tuple(cell for cell in self.cells if not cell.grade_id.startswith(SELF_CHECK_PREFIX))

    @property
    def module_name(self) -> str:
        # Notebooks run as __main__; a .py file is imported, so its demo block stays quiet.
        return "__main__" if self.kind == "notebook" else "submission"


def read_submission(path: str | Path) -> Submission:
    path = Path(path)
    if not path.exists():
        raise SubmissionError(f"{path}: no such file; pass the path of a .ipynb or .py submission")
    if not path.is_file():
        raise SubmissionError(f"{path}: not a file; pass the path of a .ipynb or .py submission")
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SubmissionError(f"{path}: cannot be read ({error.strerror or error}); check its permissions") from None
    if len(raw) > _MAX_BYTES:
        raise SubmissionError(f"{path}: {len(raw)} bytes is larger than the {_MAX_BYTES} byte limit for a submission")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SubmissionError(f"{path}: not UTF-8 text (byte {error.start}); save it as UTF-8") from None
    suffix = path.suffix.lower()
    if suffix == ".ipynb":
        return Submission(path, "notebook", _notebook_cells(path, text))
    if suffix == ".py":
        return Submission(path, "python", (Cell(1, path.name, text),))
    raise SubmissionError(f"{path}: not a notebook; expected a .ipynb or .py file, got {suffix or 'no extension'}")


def _notebook_cells(path: Path, text: str) -> tuple[Cell, ...]:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise SubmissionError(f"{path}: corrupt notebook JSON ({error}); re-download or re-save the notebook") from None
    # Current notebooks (format 4) are read as the JSON they are. Importing nbformat costs
    # about 1.5 s (its JSON-schema validator builds grammars at import), which would be a
    # sixth of a grading, so it is kept for what needs it: converting older formats.
    if not _is_current_notebook(document):
        document = _converted_notebook(path, text)
    cells = []
    for position, cell in enumerate(document["cells"], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(str(line) for line in source)
        metadata = cell.get("metadata")
        nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
        grade_id = str(nbgrader.get("grade_id", "")) if isinstance(nbgrader, dict) else ""
        cells.append(Cell(position, f"cell {position}", _without_magics(str(source)), grade_id))
    return tuple(cells)


def _is_current_notebook(document: object) -> bool:
    return isinstance(document, dict) and document.get("nbformat") == 4 and isinstance(document.get("cells"), list)


def _converted_notebook(path: Path, text: str) -> dict:
    import nbformat

    try:
        notebook = nbformat.reads(text, as_version=4)
    except Exception as error:  # noqa: BLE001 - nbformat raises many types for bad files
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise SubmissionError(f"{path}: not a Jupyter notebook ({first_line})") from None
    if not isinstance(notebook.get("cells"), list):
        raise SubmissionError(f"{path}: not a Jupyter notebook (it has no list of cells)")
    return notebook


# A line that starts with %, ! or ?, ends with ?, or assigns from %/!: IPython, not Python.
_IPYTHON_SYNTAX = re.compile(r"^\s*[%!?]|\?\s*$|=\s*[%!]\w", re.MULTILINE)


def _without_magics(source: str) -> str:
    """Rewrite IPython syntax (%magic, !shell) into plain Python calls.

    The worker answers those calls with no-ops. A cell IPython cannot parse is
    left as it is, so the worker reports its syntax error with the right line.
    """
    if not _IPYTHON_SYNTAX.search(source):
        return source
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001
        return source
