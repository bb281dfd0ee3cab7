"""Read a submission file into ordered code cells, in the judge, without running it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .magics import exported_cell_magics, without_magics
from .script_cells import script_cells

__all__ = ["Cell", "SELF_CHECK_PREFIX", "Submission", "SubmissionError", "read_submission", "submission_from_bytes"]

_MAX_BYTES = 20 * 1024 * 1024

# The grade_id prefix of the course's self-check cells. They only print ✓ or ✗ for the
# student; the hidden checks replace them, and nbgrader restores their locked source
# before autograding, so grading skips them (about 0.3-0.8 s of compilations per notebook).
SELF_CHECK_PREFIX = "selfcheck_"


class SubmissionError(Exception):
    """A file that cannot be graded at all, said in one line in the reader's language.

    `key` names the message in graders/common/messages.py (`input.*`); `str()` is English.
    """

    def __init__(self, key: str, path: Path, **params: object) -> None:
        self.key = key
        self.path = path
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        from graders.common.i18n import t

        return t(f"input.{self.key}", lang, path=self.path, **self.params)


_CELL_FIRST_LINE = 28  # characters of a cell's first line that name the cell in a message

@dataclass(frozen=True)
class Cell:
    index: int
    filename: str
    source: str
    grade_id: str = ""
    # The line a student recognises the cell by (from the source as written, magics included).
    first_line: str = ""
    # Lines of the file above this cell, written as blank lines in front of `source`: the cells of a
    # .py file share its name and its line numbers (graders/judge/script_cells.py).
    offset: int = 0
    # How Jupyter shows a notebook's code cell: its prompt's count when the notebook was saved after
    # running it (`[7]`), else 0, and its place among the code cells (markdown cells are not counted).
    execution_count: int = 0
    code_position: int = 0

    def holds(self, line: int) -> bool:
        """Whether line `line` (from 1) of the cell's file is this cell's own."""
        return self.offset < line <= self.source.count("\n") + (not self.source.endswith("\n"))


@dataclass(frozen=True)
class Submission:
    """A file to grade as ordered code cells, read in the judge and never run there."""

    path: Path
    kind: str
    cells: tuple[Cell, ...]
    # The file's bytes as they were read, once: a Dask worker is sent these, never the file read again
    # (which may have changed since). A pooled judge is sent the whole submission.
    raw: bytes = field(default=b"", repr=False, compare=False)

    @property
    def cells_to_run(self) -> tuple[Cell, ...]:
        """The cells grading executes: all but the course's self-checks."""
        return tuple(cell for cell in self.cells if not cell.grade_id.startswith(SELF_CHECK_PREFIX))

    def names(self) -> frozenset[str]:
        """What the submission says it holds, read without running it: the top-level names its cells
        define, and the exercises its nbgrader cells are marked for."""
        import ast

        found: set[str] = set()
        for cell in self.cells:
            for prefix in ("solution_", "grade_", SELF_CHECK_PREFIX):
                if cell.grade_id.startswith(prefix):
                    found.add(cell.grade_id[len(prefix):])
            try:
                tree = ast.parse(cell.source)
            except (SyntaxError, ValueError):
                continue
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    found.add(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    found.update(target.id for target in targets if isinstance(target, ast.Name))
        return frozenset(found)

    def place(self, filename: str, lang: str) -> str:
        """Where `filename` (a cell's or the file's name in tracebacks) is, in words a student can find:
        JupyterLab numbers no cells, so a notebook's cell is named by its first line."""
        cell = next((cell for cell in self.cells if cell.filename == filename), None)
        if cell is None or self.kind != "notebook" or not cell.first_line:
            return filename
        from graders.common.i18n import t

        # Enough of the first line to find the cell by; the message's first sentence has more to say.
        first = cell.first_line if len(cell.first_line) <= _CELL_FIRST_LINE else (
            cell.first_line[:_CELL_FIRST_LINE - 1].rstrip() + "…")
        # Numbered as the student sees it: the prompt's count (`[7]:`), else its place among code cells.
        if cell.execution_count:
            return t("where.cell_run", lang, first=first, count=cell.execution_count)
        return t("where.cell", lang, first=first, number=cell.code_position or cell.index)

    def cell_at(self, filename: str, line: int) -> Cell | None:
        """The cell that holds line `line` of `filename` (a notebook cell's name, or a .py file's,
        which all its cells share); None when none does."""
        return next((cell for cell in self.cells if cell.filename == filename and cell.holds(line)), None)

    def source_line(self, filename: str, line: int) -> str | None:
        """Line `line` (from 1) of the cell named `filename`, stripped, as the judge read it; None when
        there is no such line."""
        cell = self.cell_at(filename, line)
        return cell.source.splitlines()[line - 1].strip() if cell is not None else None

    @property
    def unit(self) -> str:
        """What a student calls the parts of their submission: a notebook's `cell`, a .py `file`."""
        return "cell" if self.kind == "notebook" else "file"

    @property
    def module_name(self) -> str:
        # Notebooks run as __main__; a .py file is imported, so its demo block stays quiet.
        return "__main__" if self.kind == "notebook" else "submission"


def read_submission(path: str | Path) -> Submission:
    """Read a .ipynb or .py file into cells, without running it; SubmissionError says why it cannot be graded."""
    path = Path(path)
    if not path.exists():
        raise SubmissionError("missing", path)
    if not path.is_file():
        raise SubmissionError("not_a_file", path)
    suffix = path.suffix.lower()
    if suffix not in (".ipynb", ".py"):
        raise SubmissionError("wrong_kind", path, suffix=suffix or "-")
    try:
        raw = path.read_bytes()
    except OSError:
        raise SubmissionError("unreadable", path) from None
    return submission_from_bytes(path, raw)


def submission_from_bytes(path: str | Path, raw: bytes) -> Submission:
    """A submission from its file's bytes, read elsewhere (another machine's disk); `path` names it.

    The same checks and the same cells as `read_submission` on a file with these bytes.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".ipynb", ".py"):
        raise SubmissionError("wrong_kind", path, suffix=suffix or "-")
    if len(raw) > _MAX_BYTES:
        raise SubmissionError("too_large", path, megabytes=_MAX_BYTES // 2**20)
    if not raw.strip():
        raise SubmissionError("empty", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SubmissionError("not_text", path) from None
    if suffix == ".ipynb":
        return Submission(path, "notebook", _notebook_cells(path, text), raw)
    # A script nbconvert exported keeps a `%%time` cell as IPython's call: its body runs, as in the notebook.
    cells = tuple(Cell(index, path.name, source, "", _recognisable_line(source), cell.offset)
                  for index, cell in enumerate(script_cells(text), start=1)
                  for source in (exported_cell_magics(cell.source),))
    return Submission(path, "python", cells, raw)


def _notebook_cells(path: Path, text: str) -> tuple[Cell, ...]:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays nested deeper than Python's parser goes
        raise SubmissionError("not_json", path) from None
    # Current notebooks (format 4) are read as the JSON they are. Importing nbformat costs
    # about 1.5 s (its JSON-schema validator builds grammars at import), which would be a
    # sixth of a grading, so it is kept for what needs it: converting older formats.
    if not _is_current_notebook(document):
        document = _converted_notebook(path, text)
    cells = []
    code_cells = 0
    for position, cell in enumerate(document["cells"], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        code_cells += 1
        count = cell.get("execution_count")
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(str(line) for line in source)
        metadata = cell.get("metadata")
        nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
        grade_id = str(nbgrader.get("grade_id", "")) if isinstance(nbgrader, dict) else ""
        cells.append(Cell(position, f"cell {position}", without_magics(str(source)), grade_id,
                          _recognisable_line(str(source)),
                          execution_count=count if type(count) is int and 0 < count < 10**9 else 0,
                          code_position=code_cells))
    return tuple(cells)


_FIRST_LINE_CHARS = 40


def _recognisable_line(source: str) -> str:
    """The first line of code (not a comment, a magic or a blank), shortened; else the first line."""
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    code = next((line for line in lines if not line.startswith(("#", "%", "!"))), lines[0] if lines else "")
    return code if len(code) <= _FIRST_LINE_CHARS else code[:_FIRST_LINE_CHARS - 1] + "…"


def _is_current_notebook(document: object) -> bool:
    return isinstance(document, dict) and document.get("nbformat") == 4 and isinstance(document.get("cells"), list)


def _converted_notebook(path: Path, text: str) -> dict[str, Any]:
    import nbformat

    try:
        notebook: dict[str, Any] = nbformat.reads(text, as_version=4)
    except Exception:  # noqa: BLE001 - nbformat raises many types for bad files; none helps a student
        raise SubmissionError("not_notebook", path) from None
    if not isinstance(notebook.get("cells"), list):
        raise SubmissionError("not_notebook", path)
    return notebook
