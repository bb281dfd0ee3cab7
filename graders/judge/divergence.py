"""Where the student's values first part from the reference's: the line behind a wrong answer.

The worker reports each value the student's function computed on the failing input, with the line
that made it (graders/worker/values.py); the judge computes the reference's values on the same
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

from .supervisor.replies import IntermediateNode, Intermediates

__all__ = ["Broadcast", "Divergence", "first_divergence"]

_RTOL = 1e-4
_ATOL = 1e-5


@dataclass(frozen=True)
class Divergence:
    """The first wrong step: its file and line, and the other lines its inputs were made on."""

    filename: str
    line: int
    input_lines: tuple[int, ...]
    body_lines: tuple[int, ...] = ()  # when the step is a loop or a conditional: the lines inside it
    broadcast: Broadcast | None = None  # when the step stretched two shapes into a larger one


@dataclass(frozen=True)
class Broadcast:
    """Two operands whose shapes broadcast into a larger array than either, one the reference never
    makes: the shapes as the student's code made them, and the line that made the one with a
    length-1 axis (0: an argument)."""

    shapes: tuple[tuple[int, ...], tuple[int, ...]]
    result: tuple[int, ...]
    stretched_line: int


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
    # A step that only reshapes a good value (the same numbers in the same order) is good too: the
    # fault is where that shape is used, not where it was written (`y.reshape(-1, 1)` is no mistake
    # by itself; subtracting it from a row is). Nodes come in the order they were computed.
    for index, node in enumerate(nodes):
        if not good[index] and any(good[i] and _same_numbers(nodes[i].value, node.value) for i in node.inputs):
            good[index] = True
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
                      tuple(line for line in root.body_lines if line != root.line),
                      _broadcast(nodes, placed[0], explained))


def _broadcast(nodes: tuple[IntermediateNode, ...], index: int, explained: _Explained) -> Broadcast | None:
    """The broadcast the wrong step made, when its value is larger than each of two operands of
    different shapes and of a size no value of the reference's has: `(n, 1) - (n,)` is `(n, n)`."""
    out = nodes[index].value
    if out is None or out.ndim < 2 or out.size in explained.by_size:
        return None
    operands = [i for i in nodes[index].inputs if _rank(nodes[i].value) >= 1]
    for position, first in enumerate(operands):
        for second in operands[position + 1:]:
            a, b = nodes[first].value, nodes[second].value
            assert a is not None and b is not None
            try:
                shape = np.broadcast_shapes(a.shape, b.shape)
            except ValueError:
                continue
            if a.shape == b.shape or shape != out.shape or out.size <= max(a.size, b.size):
                continue
            origins = (_origin(nodes, first, nodes[index].line), _origin(nodes, second, nodes[index].line))
            shapes = tuple(_shape(nodes, origin) for origin in origins)
            # The operand stretched along an axis of length 1 as written (a column against a row).
            stretched = next((origin for origin, written in zip(origins, shapes, strict=True)
                              if 1 in written and len(written) == out.ndim), origins[0])
            return Broadcast((shapes[0], shapes[1]), out.shape, nodes[stretched].line)
    return None


def _rank(value: np.ndarray | None) -> int:
    return -1 if value is None else value.ndim


def _origin(nodes: tuple[IntermediateNode, ...], index: int, line: int) -> int:
    """The node behind `index` made on another line (or an argument), through steps on `line` that
    only reshape what they are given (JAX lifts `(n,)` to `(1, n)` before it broadcasts)."""
    current = index
    while nodes[current].line == line and len(nodes[current].inputs) == 1:
        before = nodes[current].inputs[0]
        if _without_ones(nodes[before].value) != _without_ones(nodes[current].value):
            break  # a reshape the student wrote (`jnp.ravel`), not one JAX added to broadcast
        current = before
    return current


def _without_ones(value: np.ndarray | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(n for n in value.shape if n != 1)


def _shape(nodes: tuple[IntermediateNode, ...], index: int) -> tuple[int, ...]:
    value = nodes[index].value
    return tuple(value.shape) if value is not None else ()


def _same_numbers(before: np.ndarray | None, after: np.ndarray | None) -> bool:
    """Whether `after` holds exactly `before`'s numbers in the same order, in any shape."""
    if before is None or after is None or before.size != after.size or before.shape == after.shape:
        return False
    return bool(np.array_equal(np.ravel(before), np.ravel(after), equal_nan=True))


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
