"""Every request the judge may send a worker, declared once: what it runs, and the fields each way.

The worker answers only what is declared here, and the judge sends only what is declared here: a request
that is not declared is refused on both sides, and a handler that is not declared stops the worker at
start. Each operation says whether it runs the submission's code and whether it runs on the clock (a
timed request pauses the watch of what the code calls, whose cost would be in its clock), and names its
request's and its reply's types (`messages.py`), which both sides check at the wire.

What a call of the submission's code reads or keeps beyond its arguments is no request's: the judge reads
it from the source and decides it by comparing outputs (issue #50), so no request needs a watch of its own.

`load` (the cells) and `exit` are the session's own steps, handled before any probe exists; `load`'s
fields are declared here too (`LOAD`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .messages import (
    CallEachKindReply,
    CallEachKindRequest,
    CallReply,
    CallRequest,
    DefineFormulaRequest,
    DescribeReply,
    DescribeRequest,
    EchoEarlierReply,
    Empty,
    IntermediatesReply,
    IntermediatesRequest,
    LibraryCheckReply,
    LoadReply,
    LoadRequest,
    Ok,
    RecompilationReply,
    RecompilationRequest,
    RecompilationWarmupRequest,
    TimedKeptReply,
    TimedKeptRequest,
    TimedRunReply,
    TimedRunRequest,
    TraceSizeReply,
    TraceSizeRequest,
)

__all__ = ["LOAD", "OPERATIONS", "SESSION_STEPS", "Operation", "Runs", "timed_operations"]


class Runs(enum.Enum):
    """What of the submission's code a request runs."""

    NOTHING = "runs none of the submission's code"
    CALLS = "calls or traces the submission's functions"
    # A clock must measure the code alone; what a timed request runs can cost points, never earn them, on its own.
    TIMED = "runs the submission's code on the clock, with no watch of what it calls inside the clock"


@dataclass(frozen=True)
class Operation:
    """One request type: its name on the wire, what it runs, its request's and reply's fields (TypedDicts of
    `messages.py`), and what it is for."""

    name: str
    runs: Runs
    request: type
    reply: type
    purpose: str

    @property
    def runs_student_code(self) -> bool:
        return self.runs is not Runs.NOTHING


def _declare(*operations: Operation) -> Mapping[str, Operation]:
    table = {operation.name: operation for operation in operations}
    if len(table) != len(operations):
        raise ValueError("an operation is declared twice in both_sides/operations.py")
    return MappingProxyType(table)


OPERATIONS: Mapping[str, Operation] = _declare(
    Operation("describe", Runs.NOTHING, DescribeRequest, DescribeReply,
              "whether a name is defined, callable and jit-compiled"),
    Operation("call", Runs.CALLS, CallRequest, CallReply,
              "one call with arrays of one kind, its output and what it did to them"),
    Operation("call_each_kind", Runs.CALLS, CallEachKindRequest, CallEachKindReply,
              "one call with each array kind in turn"),
    Operation("echo_earlier", Runs.NOTHING, Empty, EchoEarlierReply,
              "the earlier calls' argument containers as they are now"),
    Operation("forget_compiled", Runs.NOTHING, Empty, Ok,
              "JAX's caches of traced and compiled programs emptied, so the next calls trace again"),
    Operation("recompilation_warmup", Runs.CALLS, RecompilationWarmupRequest, RecompilationReply,
              "the warm-up calls, one per signature"),
    Operation("recompilation", Runs.CALLS, RecompilationRequest, RecompilationReply,
              "the measured calls, with JAX's reasons for each trace"),
    Operation("instrument_check", Runs.NOTHING, Empty, Ok,
              "a fresh function compiled, so the judge sees the event stream"),
    Operation("library_check", Runs.NOTHING, Empty, LibraryCheckReply,
              "library namespaces changed since the cells ran"),
    Operation("trace_size", Runs.CALLS, TraceSizeRequest, TraceSizeReply, "the size of the jitted function's trace"),
    Operation("intermediates", Runs.CALLS, IntermediatesRequest, IntermediatesReply,
              "the values each line computed, for the diagnosis"),
    Operation("define_formula", Runs.NOTHING, DefineFormulaRequest, Ok,
              "the exercise's public formula, in a clean worker"),
    Operation("timing_begin", Runs.TIMED, Empty, Ok, "the timing batches start: the call watch pauses"),
    Operation("timed_run", Runs.TIMED, TimedRunRequest, TimedRunReply, "one timed batch of calls"),
    Operation("timed_kept", Runs.TIMED, TimedKeptRequest, TimedKeptReply,
              "the outputs a timed batch kept, checked against its digests"),
    Operation("timing_end", Runs.TIMED, Empty, Ok, "the timing batches are over"),
)

# The session's first step: the cells, run once, before any probe exists.
LOAD = Operation("load", Runs.CALLS, LoadRequest, LoadReply, "the submission's cells, run in order")

# Handled by the worker's loop itself, before and after every probe.
SESSION_STEPS = frozenset({"load", "exit"})


def timed_operations() -> frozenset[str]:
    """The names of the operations that run the submission's code on the clock."""
    return frozenset(name for name, operation in OPERATIONS.items() if operation.runs is Runs.TIMED)
