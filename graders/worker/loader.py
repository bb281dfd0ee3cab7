"""Executes a submission's cells into a fresh module, the way a notebook would.

Each cell runs on its own: a cell that fails to compile or raises costs only
the names it would have defined. IPython magics arrive already rewritten into
`get_ipython()` calls by the judge; here they do nothing, because grading must
not depend on timing magics, plots or shell commands.
"""

from __future__ import annotations

import linecache
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any

__all__ = ["SubmissionModule", "error_location"]


class _MagicShell:
    """Stands in for IPython's shell so rewritten magics are harmless no-ops."""

    def run_line_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def run_cell_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def system(self, *args: Any, **kwargs: Any) -> None:
        return None

    def getoutput(self, *args: Any, **kwargs: Any) -> list[str]:
        return []

    def magic(self, *args: Any, **kwargs: Any) -> None:
        return None


_SHELL = _MagicShell()


def _display(*objects: Any, **kwargs: Any) -> None:
    for obj in objects:
        print(repr(obj))


def _help(*args: Any, **kwargs: Any) -> None:
    """`help(jnp.where)` in a notebook: the worker runs without `site` (`python -S`), which is what
    defines `help`, and documentation is for the student's screen, not for grading."""
    return None


class SubmissionModule:
    """A module object holding everything the submission's cells defined."""

    def __init__(self, module_name: str) -> None:
        self.module = types.ModuleType(module_name)
        self.module.__dict__.update(get_ipython=lambda: _SHELL, display=_display, help=_help)
        # Where `warnings` registers a warning raised from the submission's code: made before any cell, a
        # warning at a call fills it in place instead of adding a global (honest class, session 26).
        self.module.__dict__["__warningregistry__"] = {}
        self.filenames: set[str] = set()
        sys.modules[module_name] = self.module

    def run_cells(self, cells: list[dict[str, Any]],
                  compiled: Callable[[types.CodeType], None] = lambda code: None) -> list[dict[str, Any]]:
        """Run each cell in the module; `compiled(code)` sees each cell's code before it runs."""
        return [self._run_cell(cell, compiled) for cell in cells]

    def _run_cell(self, cell: dict[str, Any], compiled: Callable[[types.CodeType], None]) -> dict[str, Any]:
        index, filename, source = cell["index"], cell["filename"], cell["source"]
        self.filenames.add(filename)
        # Registering the source lets tracebacks and dis show the student's lines. The cells of a .py
        # file share its name, each written at its place in the file after blank lines: each fills in
        # its own lines, and keeps those the cells before it filled.
        lines = source.splitlines(True)
        known = linecache.cache.get(filename)
        if known is not None and len(known) == 4:
            earlier = known[2]
            lines = [line if line.strip() or number >= len(earlier) else earlier[number]
                     for number, line in enumerate(lines)] + earlier[len(lines):]
        linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)
        outcome: dict[str, Any] = {"index": index, "status": "ok"}
        try:
            code = compile(source, filename, "exec")
        except SyntaxError as error:
            outcome.update(
                status="syntax_error",
                type=type(error).__name__,
                message=str(error.msg),
                line=error.lineno or 0,
            )
            return outcome
        compiled(code)
        try:
            exec(code, self.module.__dict__)
        except BaseException as error:  # noqa: BLE001 - a cell may raise anything, even SystemExit
            location = error_location(error, self.filenames)
            outcome.update(
                status="error",
                type=type(error).__name__,
                message=_first_lines(str(error)),
                line=location["line"] if location else 0,
            )
        return outcome

    def lookup(self, name: str) -> Any:
        return self.module.__dict__.get(name, _MISSING)

    def defines(self, name: str) -> bool:
        return name in self.module.__dict__


_MISSING = object()


def _first_lines(text: str, count: int = 20, width: int = 4000) -> str:
    return "\n".join(text.splitlines()[:count])[:width]


def error_location(error: BaseException, filenames: set[str]) -> dict[str, Any] | None:
    """The innermost traceback frame that lies in the student's own code."""
    found = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename in filenames:
            found = frame
    if found is None:
        return None
    return {"filename": found.filename, "line": found.lineno or 0, "source": (found.line or "").strip()}
