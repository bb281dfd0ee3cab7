"""Every request the judge may send a worker, declared once, with whether it runs the submission's code.

The worker answers only what is declared here, and the judge sends only what is declared here: a request
that is not declared is refused on both sides, and a handler that is not declared stops the worker at
start. Each operation says whether it runs the submission's code and whether it runs on the clock (a
timed request pauses the watch of what the code calls, whose cost would be in its clock).

What a call of the submission's code reads or keeps beyond its arguments is no request's: the judge reads
it from the source and decides it by comparing outputs (issue #50), so no request needs a watch of its own.

`load` (the cells) and `exit` are the session's own steps, handled before any probe exists.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["OPERATIONS", "SESSION_STEPS", "Operation", "Runs", "timed_operations"]


class Runs(enum.Enum):
    """What of the submission's code a request runs."""

    NOTHING = "runs none of the submission's code"
    CALLS = "calls or traces the submission's functions"
    # A clock must measure the code alone; what a timed request runs can cost points, never earn them, on its own.
    TIMED = "runs the submission's code on the clock, with no watch of what it calls inside the clock"


@dataclass(frozen=True)
class Operation:
    """One request type: its name on the wire, what it runs, and what it is for."""

    name: str
    runs: Runs
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
    Operation("describe", Runs.NOTHING, "whether a name is defined, callable and jit-compiled"),
    Operation("call", Runs.CALLS, "one call with arrays of one kind, its output and what it did to them"),
    Operation("call_each_kind", Runs.CALLS, "one call with each array kind in turn"),
    Operation("echo_earlier", Runs.NOTHING, "the earlier calls' argument containers as they are now"),
    Operation("recompilation_warmup", Runs.CALLS, "the warm-up calls, one per signature"),
    Operation("recompilation", Runs.CALLS, "the measured calls, with JAX's reasons for each trace"),
    Operation("instrument_check", Runs.NOTHING, "a fresh function compiled, so the judge sees the event stream"),
    Operation("library_check", Runs.NOTHING, "library namespaces changed since the cells ran"),
    Operation("trace_size", Runs.CALLS, "the size of the jitted function's trace"),
    Operation("intermediates", Runs.CALLS, "the values each line computed, for the diagnosis"),
    Operation("define_formula", Runs.NOTHING, "the exercise's public formula, in a clean worker"),
    Operation("timing_begin", Runs.TIMED, "the timing batches start: the call watch pauses"),
    Operation("timed_run", Runs.TIMED, "one timed batch of calls"),
    Operation("timed_kept", Runs.TIMED, "the digests of the outputs a timed batch kept"),
    Operation("timing_end", Runs.TIMED, "the timing batches are over"),
)

# Handled by the worker's loop itself, before and after every probe.
SESSION_STEPS = frozenset({"load", "exit"})


def timed_operations() -> frozenset[str]:
    """The names of the operations that run the submission's code on the clock."""
    return frozenset(name for name, operation in OPERATIONS.items() if operation.runs is Runs.TIMED)
