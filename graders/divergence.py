"""Where the student's values first part from the reference's: the line behind a wrong answer.

The worker reports each value the student's function computed on the failing input, with the line
that made it (graders/sandboxed/values.py); the judge computes the reference's values on the same
input itself. A student value is *explained* when it equals some value the reference computes (or
an input). Walking back from a wrong output through unexplained values only, the walk ends at a
value that is unexplained although everything it was computed from is explained: the first step
that went wrong. Its line is the one to look at, together with the lines its inputs came from.

A correct value computed another way (E[x²] - E[x]² for a variance) is unexplained too, but the
walk never reaches it when what it feeds is explained again. Nothing here decides a verdict: a
forged report only misleads the forger's own message.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .supervisor.session import IntermediateNode, Intermediates

__all__ = ["Divergence", "first_divergence"]

_RTOL = 1e-4
_ATOL = 1e-5


@dataclass(frozen=True)
class Divergence:
    """The first wrong step: its file and line, and the other lines its inputs were made on."""

    filename: str
    line: int
    input_lines: tuple[int, ...]
    body_lines: tuple[int, ...] = ()  # when the step is a loop or a conditional: the lines inside it


class _Explained:
    """The reference's values, by size, for `explains`."""

    def __init__(self, values: Iterable[np.ndarray | None]) -> None:
        self.by_size: dict[int, list[np.ndarray]] = {}
        for value in values:
            if value is not None and value.dtype.kind in "biuf":
                flat = np.asarray(value, np.float64).ravel()
                self.by_size.setdefault(flat.size, []).append(flat)

    def explains(self, value: np.ndarray | None) -> bool:
        if value is None or value.dtype.kind not in "biuf":
            return True  # unknown: never blamed
        flat = np.asarray(value, np.float64).ravel()
        scale = float(np.nanmax(np.abs(flat))) if flat.size and np.isfinite(flat).any() else 0.0
        with np.errstate(invalid="ignore"):
            return any(np.allclose(flat, known, rtol=_RTOL, atol=_ATOL * max(1.0, scale), equal_nan=True)
                       for known in self.by_size.get(flat.size, ()))


def first_divergence(student: Intermediates, reference_values: Iterable[np.ndarray | None]) -> Divergence | None:
    """The student's first wrong step, as the module docstring says; None when no wrong output
    leads back to a line of the student's code."""
    explained = _Explained(reference_values)
    nodes = student.nodes
    good = [node.line == 0 and not node.inputs or explained.explains(node.value) for node in nodes]
    roots: set[int] = set()
    seen: set[int] = set()
    pending = [index for index in student.outputs if not good[index]]
    while pending:
        index = pending.pop()
        if index in seen:
            continue
        seen.add(index)
        wrong_inputs = [i for i in nodes[index].inputs if not good[i]]
        if wrong_inputs:
            pending.extend(wrong_inputs)
        else:
            roots.add(index)
    placed = sorted(index for index in roots if nodes[index].line > 0)
    if not placed:
        return None
    root = nodes[placed[0]]
    return Divergence(root.filename, root.line, _input_lines(nodes, placed[0]),
                      tuple(line for line in root.body_lines if line != root.line))


def _input_lines(nodes: tuple[IntermediateNode, ...], index: int) -> tuple[int, ...]:
    """The nearest lines other than the root's own that made its inputs (through same-line steps)."""
    root = nodes[index]
    found: set[int] = set()
    pending = list(root.inputs)
    seen: set[int] = set()
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        node = nodes[current]
        if node.line == 0:
            continue
        if node.filename == root.filename and node.line != root.line:
            found.add(node.line)
        else:
            pending.extend(node.inputs)
    return tuple(sorted(found))
