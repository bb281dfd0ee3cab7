"""A .py submission as cells, so that one broken statement does not cost the whole file.

A notebook's broken cell costs only the names it would have defined; a .py
file run as one unit would lose everything after its first error (a missing
library at the top, a typo in a demo). So a file is split:

- at `# %%` markers, the cells of jupytext's percent format, VS Code and
  Spyder (`#%%` too); their `[markdown]` and `[raw]` cells are not code;
- without markers, into its top-level statements, each a cell;
- a file that does not parse and has no markers, at its top-level `def`,
  `class` and decorator lines, so a syntax error costs its own definition.

Every cell keeps the file's name and its line numbers: its text is preceded by
as many blank lines as the file has above it, so "line 12" is line 12 of the
file in every message, traceback and source lookup.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

__all__ = ["ScriptCell", "script_cells"]

# `# %%`, `#%%`, `# %% Title`, `# %% [markdown]`; not `# %%time` (a magic jupytext commented out).
_MARKER = re.compile(r"^#\s?%%(?=\s|$)(?P<rest>.*)$")
_NOT_CODE = re.compile(r"\[\s*(markdown|md|raw)\s*\]")
_DEFINITION = re.compile(r"^(?:@|def\s|class\s|async\s+def\s)")
# Blank lines written in front of cells, in all: past it, statements share cells (a pathological file of
# a million one-line statements would otherwise send a million times its length to the worker).
_PADDING_BUDGET = 4_000_000
_MAX_CELLS = 500


@dataclass(frozen=True)
class ScriptCell:
    """One cell of a .py file: `source` is padded with `offset` blank lines to its place in the file."""

    source: str
    offset: int


def script_cells(text: str) -> tuple[ScriptCell, ...]:
    """The cells of a .py file's text, in order; a file of comments alone is one cell."""
    lines = text.splitlines(keepends=True)
    spans = _marked_spans(lines)
    if spans is None:
        spans = _statement_spans(text, len(lines))
    spans = _within_budget(spans, len(lines))
    cells = tuple(ScriptCell("\n" * start + "".join(lines[start:end]), start) for start, end in spans
                  if any(line.strip() for line in lines[start:end]))
    return cells or (ScriptCell(text, 0),)


def _marked_spans(lines: list[str]) -> list[tuple[int, int]] | None:
    """(first line, end) of each code cell between `# %%` markers (0-based, end excluded); None
    without markers."""
    markers = [number for number, line in enumerate(lines) if _MARKER.match(line.rstrip("\r\n"))]
    if not markers:
        return None
    spans = [(0, markers[0])] if markers[0] > 0 else []
    for position, start in enumerate(markers):
        end = markers[position + 1] if position + 1 < len(markers) else len(lines)
        match = _MARKER.match(lines[start].rstrip("\r\n"))
        if match is not None and not _NOT_CODE.search(match.group("rest")):
            spans.append((start, end))
    return spans


def _statement_spans(text: str, count: int) -> list[tuple[int, int]]:
    """One span per top-level statement (statements sharing a line share it); for a file that does
    not parse, one per top-level definition."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return _definition_spans(text.splitlines(keepends=True))
    spans: list[tuple[int, int]] = []
    for statement in tree.body:
        decorators = getattr(statement, "decorator_list", [])
        start = min([statement.lineno, *(decorator.lineno for decorator in decorators)]) - 1
        end = statement.end_lineno or statement.lineno
        if spans and start < spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    return spans or [(0, count)]


def _definition_spans(lines: list[str]) -> list[tuple[int, int]]:
    starts = [0]
    for number, line in enumerate(lines):
        # A decorator's `def` belongs with it.
        if number and _DEFINITION.match(line) and not lines[number - 1].startswith("@"):
            starts.append(number)
    return [(start, end) for start, end in zip(starts, [*starts[1:], len(lines)])]


def _within_budget(spans: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """Neighbouring spans joined until the padding fits the budget."""
    cells = max(1, min(_MAX_CELLS, _PADDING_BUDGET // max(count, 1)))
    if len(spans) <= cells:
        return spans
    size = -(-len(spans) // cells)  # ceiling: spans per joined cell
    return [(spans[index][0], spans[min(index + size, len(spans)) - 1][1]) for index in range(0, len(spans), size)]
