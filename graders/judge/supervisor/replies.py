"""What the worker's replies become in the judge: frozen, plain data, checked on the way in.

`SubmissionSession` builds these from the wire; the checks and the judge read them. A module of its own
so that what reads a reply need not import the process manager that asked for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.common.format import stable_text
from graders.common.spec import Call

__all__ = [
    "AuditEvent",
    "CallOutcome",
    "CellOutcome",
    "EarlierArguments",
    "ErrorReport",
    "EventWindow",
    "FirstOutput",
    "FunctionInfo",
    "IntermediateNode",
    "Intermediates",
    "LibraryChange",
    "MAX_INTERMEDIATES",
    "ProgramFeature",
    "RecompilationReport",
    "TimedBatch",
    "TimedRefusal",
    "TraceLine",
    "TraceMeasurement",
    "features_from_wire",
    "trace_lines_from_wire",
]


@dataclass(frozen=True)
class EventWindow:
    """What the judge read on the worker's event stream while one request ran: the traces and backend
    compilations JAX reported."""

    traces: int = 0
    compiles: int = 0


@dataclass(frozen=True)
class ErrorReport:
    """An exception that escaped student code, described as text."""

    type: str
    chain: tuple[str, ...]
    message: str
    filename: str = ""
    line: int = 0
    source: str = ""

    @classmethod
    def from_wire(cls, data: Any) -> ErrorReport:
        if not isinstance(data, dict):
            return cls("UnknownError", (), "")
        location = data.get("location") or {}
        return cls(
            type=str(data.get("type", "UnknownError"))[:100],
            chain=tuple(str(name)[:100] for name in (data.get("chain") or ())[:8]),
            message=stable_text(str(data.get("message", ""))[:6000]),
            filename=str(location.get("filename", ""))[:200],
            line=int(location.get("line", 0) or 0),
            source=stable_text(str(location.get("source", ""))[:300]),
        )

    def is_a(self, *names: str) -> bool:
        return any(name in self.chain or name == self.type for name in names)


@dataclass(frozen=True)
class CellOutcome:
    index: int
    status: str
    type: str = ""
    message: str = ""
    line: int = 0


@dataclass(frozen=True)
class FunctionInfo:
    defined: bool
    callable: bool
    jit_compiled: bool
    type: str


@dataclass(frozen=True)
class EarlierArguments:
    """An earlier call's arguments, read after later calls (`SubmissionSession.earlier_arguments`)."""

    call: Call
    replaced: tuple[tuple[int | str, str, str], ...]
    args_now: Any
    kwargs_now: Any


@dataclass(frozen=True)
class FirstOutput:
    """One of the first calls a session made of a function, as submitted, with its output: what the function
    answered before any history of calls (`SubmissionSession.first_outputs`)."""

    call: Call
    array_kind: str
    output: Any
    # How many calls of the function the session had made before this one.
    made_after: int


@dataclass(frozen=True)
class CallOutcome:
    """A call's output or error. With `echo_args`: the arguments after the call as the worker reports
    their containers (`args_after`, `kwargs_after`, each array still in place read by the judge from
    the memory it shares with the worker), and as the judge reads them itself from that memory,
    containers as it sent them (`args_seen`, `kwargs_seen`)."""

    output: Any = None
    error: ErrorReport | None = None
    args_after: Any = None
    kwargs_after: Any = None
    args_seen: Any = None
    kwargs_seen: Any = None
    # With JAX arrays (not in the judge's memory): the arguments' values as the call got them, as the worker
    # reports them beside `args_after` (a difference between the two can only cost points).
    args_before: Any = None
    kwargs_before: Any = None
    # (argument position or keyword, path inside it, how): where an array the judge placed in shared
    # memory is no longer the object the caller's container holds (`replaced`, as the judge reads the
    # echo's structure), or was made read-only (`read_only`, as the worker reports).
    replaced: tuple[tuple[int | str, str, str], ...] = ()
    # (argument position or keyword, path inside it) of each JAX array argument the call left deleted,
    # as the worker reports it (it can only cost points): donated to the output, or deleted outright.
    deleted: tuple[tuple[int | str, str], ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class RecompilationReport:
    calls: int
    compiles: int
    traces: int
    explanations: tuple[str, ...]


@dataclass(frozen=True)
class TimedBatch:
    """A timed batch, as the judge measured it. `cpu`: CPU seconds the worker's processes used
    (None where the kernel cannot say); `same_processes`: no process started or ended meanwhile;
    `digests`: the worker's commitment to each output, sent in the reply that stopped the clock."""

    wall: float
    cpu: float | None
    same_processes: bool
    digests: tuple[str, ...] = ()


@dataclass(frozen=True)
class TimedRefusal:
    """The worker would not time the target: `not_jit` (not the object `jax.jit` makes) or
    `not_array` (an output that is not JAX's own array type); `type` names what it was."""

    reason: str
    type: str


@dataclass(frozen=True)
class AuditEvent:
    """A capability the submission's code used at run time, as the worker's audit hook recorded it
    (`kind` as in graders/judge/source/tripwires.py, or `silenced` when the worker stopped reporting).
    A report from the student's process: it may withhold points, never award them."""

    kind: str
    event: str
    filename: str
    line: int

    @classmethod
    def from_wire(cls, data: Any) -> AuditEvent:
        if not isinstance(data, dict):
            return cls("silenced", "a malformed audit record", "", 0)
        try:
            line = int(data.get("line", 0) or 0)
        except (TypeError, ValueError):
            line = 0
        return cls(str(data.get("kind", ""))[:20], stable_text(str(data.get("event", ""))[:80]),
                   str(data.get("filename", ""))[:200], line)


@dataclass(frozen=True)
class LibraryChange:
    """A name in a library's namespace (a module, or a class a library module defines) changed while the
    submission's code ran, as the worker's dict watchers wrote it to the event stream, or as the full
    comparison of the library found it (`event` "changed", no line). `known`: the name was there
    before the cells ran (a rebinding or a deletion: a patch); else it was added (planted data).
    `filename` and `line`: the innermost line of the student's code on the stack, where there was one."""

    namespace: str
    name: str
    event: str
    known: bool
    filename: str = ""
    line: int = 0

    @property
    def patch(self) -> bool:
        return self.known and self.event != "added"

    @classmethod
    def from_wire(cls, data: Any) -> LibraryChange | None:
        if not isinstance(data, dict):
            return None
        try:
            line = int(data.get("line", 0) or 0)
        except (TypeError, ValueError):
            line = 0
        return cls(stable_text(str(data.get("namespace", ""))[:120]), stable_text(str(data.get("name", ""))[:80]),
                   str(data.get("event", ""))[:20], data.get("known") is True, str(data.get("filename", ""))[:200],
                   line)


@dataclass(frozen=True)
class TraceLine:
    """A line of the student's code and how many equations of one traced program it made.

    `depth`: how many of the student's frames lay outside it (see graders/worker/trace.py).
    """

    filename: str
    line: int
    equations: int
    depth: int


@dataclass(frozen=True)
class TraceMeasurement:
    """The size of each traced program (equations, nested ones counted) and, per program, the
    student's lines that made its equations."""

    sizes: tuple[int, ...]
    lines: tuple[tuple[TraceLine, ...], ...]
    features: tuple[tuple[ProgramFeature, ...], ...] = ()


@dataclass(frozen=True)
class ProgramFeature:
    """A line whose equations make a compiled program slow: a callback into Python, a loop inside
    the program, or 64-bit arithmetic (graders/worker/trace.py says which primitive)."""

    filename: str
    line: int
    kind: str
    primitive: str


def features_from_wire(data: Any) -> tuple[ProgramFeature, ...]:
    # Like the lines, only a pointer for a message: a malformed entry is dropped.
    found = []
    for item in data if isinstance(data, list) else ():
        try:
            filename, line, kind, primitive = item
            if kind in ("callback", "loop", "float64"):
                found.append(ProgramFeature(str(filename)[:200], int(line), str(kind), str(primitive)[:60]))
        except (TypeError, ValueError):
            continue
    return tuple(found[:60])  # three kinds, each capped at 20 by the worker (both_sides/jaxprs.py)


MAX_INTERMEDIATES = 3000


@dataclass(frozen=True)
class IntermediateNode:
    """One value the student's function computed: the line that made it (0: an input or a
    constant), the nodes it was computed from, and the value (None: too large, or not numbers)."""

    filename: str
    line: int
    inputs: tuple[int, ...]
    value: np.ndarray | None
    body_lines: tuple[int, ...] = ()  # a loop's or a conditional's: the student's lines inside it


@dataclass(frozen=True)
class Intermediates:
    nodes: tuple[IntermediateNode, ...]
    outputs: tuple[int, ...]


def trace_lines_from_wire(data: Any) -> tuple[TraceLine, ...]:
    # The lines only point the message at the code; a malformed entry is dropped, never trusted.
    found = []
    for item in data if isinstance(data, list) else ():
        try:
            filename, line, equations, depth = item
            found.append(TraceLine(str(filename)[:200], int(line), int(equations), int(depth)))
        except (TypeError, ValueError):
            continue
    return tuple(found)
