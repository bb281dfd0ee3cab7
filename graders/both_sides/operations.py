"""Every request the judge may send a worker, declared once, with what it runs and how it is watched.

The worker answers only what is declared here, and the judge sends only what is declared here. Each
operation says whether it runs the submission's code and, if so, how the worker's state watch wraps
it, so the watch's guarantee no longer rests on a list kept beside the handlers. Before this table,
a new request type left off that list ran the student's code unwatched. Now a request that is not
declared is refused on both sides, and a handler that is not declared stops the worker at start.

`load` (the cells) and `exit` are the session's own steps, handled before any probe exists.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["OPERATIONS", "SESSION_STEPS", "Operation", "Watch", "operations_watched"]


class Watch(enum.Enum):
    """What of the submission's code a request runs, and how the state watch wraps it."""

    NONE = "runs none of the submission's code"
    EACH_CALL = "calls the submission's functions, each call fingerprinted before and after"
    WHOLE_REQUEST = "traces the submission's code, the request fingerprinted before and after"
    # A clock must measure the code alone: the fingerprints would be in it, and the clean worker it is
    # compared with never takes them. What a timed request runs can cost points, never earn them, on its own.
    TIMED = "runs the submission's code on the clock, with no watch inside it"


@dataclass(frozen=True)
class Operation:
    """One request type: its name on the wire, its watch, and what it is for."""

    name: str
    watch: Watch
    purpose: str

    @property
    def runs_student_code(self) -> bool:
        return self.watch is not Watch.NONE


def _declare(*operations: Operation) -> Mapping[str, Operation]:
    table = {operation.name: operation for operation in operations}
    if len(table) != len(operations):
        raise ValueError("an operation is declared twice in both_sides/operations.py")
    return MappingProxyType(table)


OPERATIONS: Mapping[str, Operation] = _declare(
    Operation("describe", Watch.NONE, "whether a name is defined, callable and jit-compiled"),
    Operation("call", Watch.EACH_CALL, "one call with arrays of one kind, its output and what it did to them"),
    Operation("call_each_kind", Watch.EACH_CALL, "one call with each array kind in turn"),
    Operation("echo_earlier", Watch.NONE, "the earlier calls' argument containers as they are now"),
    Operation("global_uses", Watch.EACH_CALL, "a call, with the module-level data it read and wrote"),
    Operation("recompilation_warmup", Watch.EACH_CALL, "the warm-up calls, one per signature"),
    Operation("recompilation", Watch.EACH_CALL, "the measured calls, with JAX's reasons for each trace"),
    Operation("instrument_check", Watch.NONE, "a fresh function compiled, so the judge sees the event stream"),
    Operation("library_check", Watch.NONE, "library namespaces changed since the cells ran"),
    Operation("trace_size", Watch.WHOLE_REQUEST, "the size of the jitted function's trace"),
    Operation("intermediates", Watch.WHOLE_REQUEST, "the values each line computed, for the diagnosis"),
    Operation("define_formula", Watch.NONE, "the exercise's public formula, in a clean worker"),
    Operation("timing_begin", Watch.TIMED, "the timing batches start: the call watch pauses"),
    Operation("timed_run", Watch.TIMED, "one timed batch of calls"),
    Operation("timed_kept", Watch.TIMED, "the digests of the outputs a timed batch kept"),
    Operation("timing_end", Watch.TIMED, "the timing batches are over"),
)

# Handled by the worker's loop itself, before and after every probe.
SESSION_STEPS = frozenset({"load", "exit"})


def operations_watched(watch: Watch) -> frozenset[str]:
    """The names of the operations declared with `watch`."""
    return frozenset(name for name, operation in OPERATIONS.items() if operation.watch is watch)
