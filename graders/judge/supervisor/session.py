"""Typed requests to the worker for one submission, with restarts.

The session owns the worker process. It loads the submission's cells, turns
the judge's `Call` objects into wire data and wire replies back into plain
values, and starts a fresh worker after one is lost.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from graders.both_sides.messages import ENVELOPE, fields_problem
from graders.both_sides.operations import LOAD, OPERATIONS, Operation
from graders.both_sides.protocol import (
    EARLIER_CALLS,
    ProtocolError,
    array_digest,
    decode_value,
    encode_arguments,
    encode_value,
)
from graders.both_sides.tree_digest import host_tree_digest
from graders.common.format import stable_text
from graders.common.spec import Call

from ..submission import Submission
from .arguments import Placements, SharedArguments
from .client import ProbeFailed, WorkerInfo, WorkerLimits, WorkerLost, WorkerProcess, cpu_seconds
from .compilation_cache import CompilationCache
from .events import AUDIT, COMPILE, LIBRARY, TRACE, Record
from .isolation import SANDBOX_CACHE, Isolation, accelerator_present, detect_isolation
from .replies import (
    MAX_INTERMEDIATES,
    AuditEvent,
    CallOutcome,
    CellOutcome,
    EarlierArguments,
    ErrorReport,
    EventWindow,
    FirstOutput,
    FunctionInfo,
    IntermediateNode,
    Intermediates,
    LibraryChange,
    RecompilationReport,
    TimedBatch,
    TimedRefusal,
    TraceMeasurement,
    features_from_wire,
    trace_lines_from_wire,
)
from .spare_worker import spare_worker

__all__ = ["CHECKS_PLATFORM", "FIRST_OUTPUTS_KEPT", "InstrumentTampered", "SubmissionSession"]


class InstrumentTampered(Exception):
    """The worker's instruments differ from their state before the submission was loaded."""

    def __init__(self, changes: list[str]) -> None:
        super().__init__("; ".join(changes))
        self.changes = changes


def _integrity_changes(baseline: dict[str, Any], current: Any) -> list[str]:
    if not isinstance(current, dict):
        return ["the worker stopped reporting the state of its instruments"]
    changes = []
    if current.get("code") != baseline.get("code"):
        changes.append("the grader's runtime code in the worker was modified")
    if current.get("listener") != baseline.get("listener"):
        changes.append("JAX's compilation listener was removed")
    if current.get("jit") != baseline.get("jit"):
        changes.append("jax.jit was replaced")
    flags, before = current.get("flags") or {}, baseline.get("flags") or {}
    for flag in sorted(set(flags) | set(before)):
        if flags.get(flag) != before.get(flag):
            changes.append(f"the JAX flag {flag} was changed from {before.get(flag)} to {flags.get(flag)}")
    return changes


def _wire_call(call: Call) -> dict[str, Any]:
    return {"args": [encode_value(arg) for arg in call.args],
            "kwargs": {key: encode_value(value) for key, value in call.kwargs.items()}}


# Every check but timing runs on the CPU, also on a host with an accelerator: the references
# run there too (exact float32 semantics), and the checks compile many small programs, which
# XLA compiles several times faster for the CPU than for a GPU. Timing asks for the accelerator
# itself (checks/jit_speedup/), with platform=None.
CHECKS_PLATFORM: str | None = "cpu" if accelerator_present() else None

# How a timed batch's outputs are committed to, and how the judge checks one it fetched.
_COMMITMENTS: dict[str, Callable[[Any], str]] = {"host": array_digest, "device": host_tree_digest}


class SubmissionSession:
    """The judge's conversation with the worker about one submission."""

    def __init__(self, submission: Submission, limits: WorkerLimits | None = None,
                 cache: CompilationCache | None = None, platform: str | None = CHECKS_PLATFORM) -> None:
        self.submission = submission
        self.limits = limits or WorkerLimits()
        self.cache = cache
        self.platform = platform
        self.worker: WorkerProcess | None = None
        self.cells: tuple[CellOutcome, ...] = ()
        self.info: WorkerInfo | None = None
        self.starts = 0
        self.isolation: Isolation = detect_isolation()
        self.baseline: dict[str, Any] = {}
        self._pending_load = False
        self._pending_hello = False
        self.last_call: Call | None = None
        self._outputs: list[str] = []
        self._processes: tuple[int, ...] = ()
        self._digests: tuple[str, ...] = ()
        self._commitment = "host"
        # Each function's first calls as submitted and their outputs, and how many calls of it were made:
        # no_globals repeats those calls after all the others (`first_outputs`).
        self._first_outputs: dict[str, list[FirstOutput]] = {}
        self._calls_made: dict[str, int] = {}
        # The worker whose JAX caches `forget_compiled` emptied.
        self._forgotten_by: WorkerProcess | None = None
        # What may withhold points, gathered over every worker this session starts.
        self.audit_events: list[AuditEvent] = []
        self.channel_breaches: list[str] = []
        # Counted by the judge from the worker's event stream, never from a worker's reply.
        self.traces = self.compiles = 0
        self.window = EventWindow()
        # Library namespaces changed while the submission's code ran (watched, and compared at checkpoints).
        self.library_changes: list[LibraryChange] = []
        # The latest calls whose arguments were echoed, as sent, with where their arrays were placed:
        # what `earlier_changes` compares the same arguments with after later calls (the worker's list
        # is the same length, and both start empty with each worker).
        self._echoed: list[tuple[Call, Placements]] = []

    # ------------------------------------------------------------- lifecycle
    def start(self) -> None:
        self.begin()
        self.finish_start()

    def begin(self) -> None:
        """Spawn the worker and queue the load, without waiting: both proceed while the judge works."""
        self.close()
        self._echoed = []
        self.starts += 1
        self._pending_load = self._pending_hello = True
        # A judge that lives on keeps a worker spawned ahead (spare_worker.py): the same as one spawned now.
        spare = spare_worker.take(self.limits, self.cache, self.platform)
        if spare is not None:
            self.worker = spare
            try:
                self._send_load()
                return
            except WorkerLost:  # it died after it was taken: a fresh one, as if there had been none
                spare.close()
        self.worker = WorkerProcess(self.limits, self.cache, self.platform)
        self.worker.spawn()
        self._send_load()

    def _send_load(self) -> None:
        assert self.worker is not None
        self.worker.send(
            "load",
            # A worker has a cache only inside the sandbox, which binds it at a fixed path.
            jax_config=self.worker.cache.jax_settings(SANDBOX_CACHE) if self.worker.cache else {},
            module_name=self.submission.module_name,
            cells=[{"index": c.index, "filename": c.filename, "source": c.source}
                   for c in self.submission.cells_to_run],
        )

    def await_hello(self) -> None:
        """Wait until the worker begun by `begin` has imported JAX; the submission's cells run next."""
        if self.worker is None or not self._pending_load:
            raise RuntimeError("await_hello() needs begin() first")
        if self._pending_hello:
            self._pending_hello = False
            self.info = self.worker.await_hello()

    def finish_start(self) -> None:
        """Wait for the worker begun by `begin` to say hello and load the submission."""
        self.await_hello()
        assert self.worker is not None  # await_hello() raised otherwise
        self._pending_load = False
        reply = self.worker.receive(timeout=self.limits.load_seconds)
        self._read_events("")
        reply = _declared_reply(LOAD, reply)
        self.check_channel()
        baseline = reply.get("baseline")
        self.baseline = baseline if isinstance(baseline, dict) else {}
        self._note_compared(reply.get("library"))
        self.cells = tuple(
            CellOutcome(
                index=int(cell.get("index", 0)),
                status=str(cell.get("status", "")),
                type=str(cell.get("type", ""))[:100],
                message=stable_text(str(cell.get("message", ""))[:2000]),
                line=int(cell.get("line", 0) or 0),
            )
            for cell in reply.get("cells", [])
            if isinstance(cell, dict)
        )

    def ensure_running(self) -> bool:
        """Start a worker if none is alive; True when a restart happened."""
        if self.worker is not None and self.worker.alive:
            return False
        self.start()
        return True

    def close(self) -> None:
        worker, self.worker = self.worker, None  # taken first: a second close, in another thread, finds none
        if worker is not None:
            worker.close()
            output = worker.captured_output()
            if output:
                self._outputs.append(output)

    def student_output(self) -> str:
        return "".join(self._outputs)

    def _request(self, op: str, timeout: float | None = None, call: Call | None = None,
                 meanwhile: Callable[[], object] | None = None, **payload: Any) -> dict[str, Any]:
        """Send a request and wait for its reply. `meanwhile` runs in the judge between the two, so
        that the judge's own work (the reference's output for the same input, compiled on a shape
        new to both) overlaps the worker's instead of waiting for it."""
        operation = OPERATIONS.get(op)
        if operation is None:
            # The grader's own slip, caught before anything is sent: the worker would refuse it anyway.
            raise ValueError(f"op={op!r} is not declared in graders/both_sides/operations.py; declare it there "
                             "with what it runs and its request's and reply's fields")
        problem = fields_problem(operation.request, payload)
        if problem is not None:
            raise ValueError(f"the judge's {op!r} request does not match its declaration: {problem} "
                             "(graders/both_sides/messages.py)")
        # Remembered so that a worker lost during a call can be blamed on that input.
        self.last_call = call
        if self.worker is None:
            raise WorkerLost("exited", "no worker")
        self.worker.send(op, **payload)
        if meanwhile is not None:
            try:
                meanwhile()
            except BaseException:
                # The reply is read all the same: left in the pipe, it would answer the next request.
                try:
                    self.worker.receive(timeout)
                except (WorkerLost, ProbeFailed):
                    pass
                self._read_events(str(payload.get("name", "")))
                raise
        try:
            reply = self.worker.receive(timeout)
        finally:
            self._read_events(str(payload.get("name", "")))
        changes = _integrity_changes(self.baseline, reply.get("integrity"))
        if changes:
            raise InstrumentTampered(changes)
        return _declared_reply(operation, reply)

    def _read_events(self, name: str) -> None:
        """Count what the worker's event stream carried since the last reply, as this request's window:
        traces and compilations, library changes and audit records. A broken stream is kept as a reason
        for review."""
        if self.worker is None:
            return
        records, broken = self.worker.take_events()
        traces = compiles = 0
        for record in records:
            if record.kind == TRACE:
                traces += 1
            elif record.kind == COMPILE:
                compiles += 1
            elif record.kind == AUDIT:
                self._note_audit(record)
            elif record.kind == LIBRARY:
                self._note_library(record)
        self.traces += traces
        self.compiles += compiles
        self.window = EventWindow(traces, compiles)
        if broken is not None:
            self._note_silenced(f"the worker's event stream broke: {broken}")

    def _note_silenced(self, what: str) -> None:
        event = AuditEvent("silenced", what, "", 0)
        if event not in self.audit_events:
            self.audit_events.append(event)

    def _note_library(self, record: Record) -> None:
        try:
            change = LibraryChange.from_wire(json.loads(record.payload))
        except (ValueError, RecursionError):  # RecursionError: a payload nested past the parser's depth
            change = None
        self._keep_library_change(change or LibraryChange("?", "?", "malformed", True))

    def _keep_library_change(self, change: LibraryChange) -> None:
        if change not in self.library_changes and len(self.library_changes) < 50:
            self.library_changes.append(change)

    def _note_compared(self, changed: Any) -> None:
        """What the worker's full comparison of the library found changed (`LibraryWatch.compare`)."""
        if not isinstance(changed, list):
            self._note_silenced("the worker stopped comparing the library with its record")
            return
        watched = {(change.namespace, change.name) for change in self.library_changes}
        for name in changed[:20]:
            namespace, _, attribute = str(name).rpartition(".")
            if (namespace, attribute) not in watched:  # already on the record, with its line
                self._keep_library_change(LibraryChange(stable_text(namespace[:120]), stable_text(attribute[:80]),
                                                        "changed", True))

    def library_checkpoint(self) -> None:
        """Compare the worker's whole library with its record from before the cells ran (at the end of
        each exercise): what no watcher reported shows here."""
        if self.worker is None or not self.worker.alive:
            return
        self._note_compared(self._request("library_check").get("changed"))

    def _note_audit(self, record: Record) -> None:
        try:
            data = json.loads(record.payload)
        except (ValueError, RecursionError):
            data = None
        event = AuditEvent.from_wire(data)
        if event not in self.audit_events and len(self.audit_events) < 50:
            self.audit_events.append(event)

    def check_channel(self) -> None:
        """Look at the worker's channel from outside (/proc); a change is kept as a reason for review."""
        breach = self.worker.channel_breach() if self.worker is not None else None
        if breach is not None and breach not in self.channel_breaches:
            self.channel_breaches.append(breach)

    # -------------------------------------------------------------- requests
    def describe(self, name: str) -> FunctionInfo:
        reply = self._request("describe", name=name)
        return FunctionInfo(bool(reply.get("defined")), bool(reply.get("callable")),
                            bool(reply.get("jit_compiled")), str(reply.get("type", ""))[:100])

    def call(
        self,
        name: str,
        call: Call,
        *,
        mode: str = "as_submitted",
        array_kind: str = "numpy",
        static_argnames: Sequence[str] = (),
        echo_args: bool = False,
        timeout: float | None = None,
        meanwhile: Callable[[], object] | None = None,
    ) -> CallOutcome:
        shared = self.worker.shared if self.worker is not None and array_kind == "numpy" else None
        reply = self._request(
            "call",
            timeout=timeout,
            call=call,
            meanwhile=meanwhile,
            name=name,
            mode=mode,
            array_kind=array_kind,
            static_argnames=list(static_argnames),
            echo_args=echo_args,
            **self._wire_arguments(call, shared),
        )
        outcome = _call_outcome(reply, echo_args, shared)
        self._count_call(name, call, mode, array_kind, outcome)
        if echo_args and shared is not None:
            wire_args = reply.get("args_after")
            wire_kwargs = reply.get("kwargs_after")
            args_items = wire_args.get("__list__") if type(wire_args) is dict else None
            read_only = _indices(reply.get("read_only"))
            rebuilt = _indices(reply.get("rebuilt"))
            replaced: list[tuple[int | str, str, str]] = []
            if type(args_items) is list:
                replaced += [(position, path, how)
                             for position, (value, echoed) in enumerate(zip(call.args, args_items))
                             for path, how in shared.replaced(value, echoed, read_only, rebuilt=rebuilt)]
            replaced += [(key, path[len(f"[{key!r}]"):], how)
                         for path, how in shared.replaced(dict(call.kwargs), wire_kwargs, read_only, rebuilt=rebuilt)
                         for key in call.kwargs if path.startswith(f"[{key!r}]")]
            # Containers the worker reports replaced (its report: it can only cost points).
            reported = reply.get("containers_replaced")
            replaced += [(item[0], item[1], "replaced") for item in (reported if type(reported) is list else [])
                         if type(item) is list and len(item) == 2 and type(item[0]) in (int, str)
                         and type(item[1]) is str and (item[0] in call.kwargs or
                                                       type(item[0]) is int and 0 <= item[0] < len(call.args))][:20]
            outcome = replace(outcome, args_seen=shared.seen(call.args), kwargs_seen=shared.seen(call.kwargs),
                              replaced=tuple(replaced))
            self._echoed = [*self._echoed, (call, shared.placements())][-EARLIER_CALLS:]
        return outcome

    def earlier_arguments(self) -> list[EarlierArguments]:
        """The latest echoed calls' arguments as the worker's echo shows them now, after every later
        call, each with what the judge reads of that echo itself: where an array it placed for that
        call is no longer there (`replaced`). Their bytes are not read (that memory holds later
        arguments); the values come back with each placed array as it was sent."""
        if self.worker is None or not self._echoed:
            return []
        reply = self._request("echo_earlier")
        echoed, self._echoed = self._echoed, []
        earlier = reply.get("earlier")
        if type(earlier) is not list or len(earlier) != len(echoed):
            return []
        shared = self.worker.shared
        if shared is None:
            return []
        found: list[EarlierArguments] = []
        for (call, placed), now in zip(echoed, earlier):
            if type(now) is not dict:
                continue
            wire_args, wire_kwargs = now.get("args"), now.get("kwargs")
            items = wire_args.get("__list__") if type(wire_args) is dict else None
            pairs: list[tuple[int | str, Any, Any]] = [
                *((position, value, echo) for position, (value, echo)
                  in enumerate(zip(call.args, items if type(items) is list else []))),
                *((key, value, _wire_item(wire_kwargs, key)) for key, value in call.kwargs.items())]
            read_only, rebuilt = _indices(now.get("read_only")), _indices(now.get("rebuilt"))
            replaced = tuple((where, path, how) for where, value, echo in pairs
                             for path, how in shared.replaced(value, echo, read_only, placed=placed, rebuilt=rebuilt))
            try:
                args_now = decode_value(wire_args, shared=placed.original)
                kwargs_now = decode_value(wire_kwargs, shared=placed.original)
            except (ProtocolError, ValueError, TypeError):
                args_now = kwargs_now = None
            found.append(EarlierArguments(call, replaced, args_now, kwargs_now))
        return found

    @staticmethod
    def _wire_arguments(call: Call, shared: SharedArguments | None) -> dict[str, Any]:
        """The call as wire data: its NumPy arrays written into the memory shared with the worker, where
        there is one, and named by index; `shared` says where each is."""
        if shared is None:
            return _wire_call(call)
        shared.begin()
        return {"args": [encode_arguments(arg, shared.place) for arg in call.args],
                "kwargs": {key: encode_arguments(value, shared.place) for key, value in call.kwargs.items()},
                "shared": shared.layouts()}

    def call_each_kind(self, name: str, call: Call, array_kinds: Sequence[str], timeout: float | None = None,
                       meanwhile: Callable[[], object] | None = None) -> list[CallOutcome]:
        """`call` once with arrays of each kind in turn, in one round trip, up to the first that raises:
        what comparing one example as NumPy and as JAX arrays costs the worker, and no more."""
        shared = self.worker.shared if self.worker is not None and "numpy" in array_kinds else None
        reply = self._request("call_each_kind", timeout=timeout, call=call, meanwhile=meanwhile, name=name,
                              array_kinds=list(array_kinds), **self._wire_arguments(call, shared))
        replies = reply.get("replies")
        if not isinstance(replies, list) or not 1 <= len(replies) <= len(array_kinds):
            raise WorkerLost("protocol", "malformed reply: call_each_kind without its replies")
        outcomes = [_call_outcome(each if isinstance(each, dict) else {}, False) for each in replies]
        if len(outcomes) < len(array_kinds) and outcomes[-1].ok:
            raise WorkerLost("protocol", "malformed reply: call_each_kind stopped before a failure")
        for kind, outcome in zip(array_kinds, outcomes):
            self._count_call(name, call, "as_submitted", kind, outcome)
        return outcomes

    def _count_call(self, name: str, call: Call, mode: str, array_kind: str, outcome: CallOutcome) -> None:
        """Count a call of `name`; keep it with its output when it is one of the first, made as submitted."""
        made = self._calls_made.get(name, 0)
        self._calls_made[name] = made + 1
        firsts = self._first_outputs.setdefault(name, [])
        if mode == "as_submitted" and outcome.ok and len(firsts) < FIRST_OUTPUTS_KEPT:
            firsts.append(FirstOutput(call, array_kind, outcome.output, made))

    def first_outputs(self, name: str) -> list[FirstOutput]:
        """The first calls this session made of `name` as submitted (up to `FIRST_OUTPUTS_KEPT`), with the
        outputs the judge decoded then, before any later call could leave anything behind."""
        return list(self._first_outputs.get(name, ()))

    def calls_made(self, name: str) -> int:
        """How many calls of `name` this session has made, in every mode."""
        return self._calls_made.get(name, 0)

    def forget_compiled(self) -> None:
        """Empty the worker's JAX caches of traced and compiled programs, once a worker: the next calls trace the
        submission's functions again, so what a trace reads is read again too. `no_globals` runs last, so once is
        enough: a program traced after this was traced at the end of the history."""
        if self.worker is not None and self._forgotten_by is not self.worker:
            self._request("forget_compiled")
            self._forgotten_by = self.worker

    def recompilation(self, name: str, warmup: Sequence[Call], measured: Sequence[Call],
                      timeout: float | None = None) -> RecompilationReport | ErrorReport:
        """Warm-up calls, then the measured calls in a request of their own: what the judge counted on
        the event stream while the measured request ran is what they traced and compiled."""
        # With JAX arrays and with NumPy arrays, as students call their functions both ways: a function
        # that compiles anew only for one kind must not pass by being measured with the other.
        for kind in _RECOMPILATION_KINDS:
            reply = self._request("recompilation_warmup", timeout=timeout, name=name, array_kind=kind,
                                  warmup=[_wire_call(c) for c in warmup])
            if not reply.get("ok"):
                return ErrorReport.from_wire(reply.get("error"))
        compiles = traces = 0
        explanations: list[str] = []
        for kind in _RECOMPILATION_KINDS:
            reply = self._request("recompilation", timeout=timeout, name=name, array_kind=kind,
                                  measured=[_wire_call(c) for c in measured])
            if not reply.get("ok"):
                return ErrorReport.from_wire(reply.get("error"))
            compiles += self.window.compiles
            traces += self.window.traces
            explanations += [stable_text(str(text)[:3000]) for text in (reply.get("explanations") or ())[:20]]
        return RecompilationReport(calls=len(measured) * len(_RECOMPILATION_KINDS), compiles=compiles, traces=traces,
                                   explanations=tuple(explanations[:20]))

    def compile_counts(self) -> tuple[int, int]:
        """(compilations, traces) the judge has counted on the event streams of this session's workers."""
        return self.compiles, self.traces

    def instrument_check(self) -> tuple[int, int]:
        """(compilations, traces) the judge counted while the worker compiled a fresh function: none
        means the stream no longer carries JAX's events."""
        self._request("instrument_check")
        return self.window.compiles, self.window.traces

    def trace_sizes(self, name: str, calls: Sequence[Call], static_argnames: Sequence[str],
                    timeout: float | None = None) -> TraceMeasurement | ErrorReport:
        reply = self._request("trace_size", timeout=timeout, name=name, static_argnames=list(static_argnames),
                              calls=[_wire_call(c) for c in calls])
        if not reply.get("ok"):
            return ErrorReport.from_wire(reply.get("error"))
        lines = reply.get("lines")
        per_call = lines if isinstance(lines, list) else []
        features = reply.get("features")
        return TraceMeasurement(tuple(int(size) for size in reply.get("sizes", ())),
                                tuple(trace_lines_from_wire(found) for found in per_call),
                                tuple(features_from_wire(found)
                                      for found in (features if isinstance(features, list) else ())))

    def intermediates(self, name: str, call: Call, static_argnames: Sequence[str], timeout: float | None = None,
                      meanwhile: Callable[[], object] | None = None) -> Intermediates | None:
        """Each value the function computes on `call`, with the student's line that made it; None
        when it raised or said something malformed. Only ever points a message at a line."""
        reply = self._request("intermediates", timeout=timeout, call=call, meanwhile=meanwhile, name=name,
                              static_argnames=list(static_argnames), **_wire_call(call))
        if not reply.get("ok"):
            return None
        try:
            nodes: list[IntermediateNode] = []
            for filename, line, inputs, value, body in list(reply.get("nodes") or ())[:MAX_INTERMEDIATES]:
                decoded = decode_value(value) if value is not None else None
                nodes.append(IntermediateNode(str(filename)[:200], int(line),
                                              tuple(int(i) for i in inputs if 0 <= int(i) < len(nodes)),
                                              np.asarray(decoded) if isinstance(decoded, (np.ndarray, np.generic))
                                              else None, tuple(int(i) for i in list(body)[:6])))
            outputs = tuple(int(i) for i in reply.get("outputs") or () if 0 <= int(i) < len(nodes))
        except (ProtocolError, TypeError, ValueError):
            return None
        return Intermediates(tuple(nodes), outputs)

    def define_formula(self, source: str, name: str) -> None:
        """Give a worker without student code the exercise's public formula to time."""
        reply = self._request("define_formula", source=source, name=name)
        if not reply.get("ok"):
            raise WorkerLost("protocol", "the formula could not be defined")

    def timing(self, active: bool) -> None:
        """Enter (True) or leave (False) the worker's timing phase: no garbage collection inside it."""
        self._processes = ()
        self._request("timing_begin" if active else "timing_end")

    def timed_run(self, target: str, name: str, shape: Sequence[int], seeds: Sequence[int],
                  timeout: float | None = None, measure: bool = True, require_jit: bool = False,
                  commitment: str = "host") -> TimedBatch | TimedRefusal | ErrorReport:
        """How long the worker took to run `target` on one fresh input per seed and finish, measured
        by the judge: on its own clock, and on the kernel's CPU-time clocks of the worker's processes;
        or what the target raised, or why the worker refused. `measure=False` only runs the batch
        (a warm-up). `require_jit`: the target must be the object `jax.jit` made. `commitment`: how the
        worker commits to the outputs, `host` (BLAKE2b) or `device` (`tree_digest`, computed where they
        live); `timed_outputs` checks them the same way."""
        if commitment not in _COMMITMENTS:
            raise ValueError(f"timed_run got commitment={commitment!r}; use one of {sorted(_COMMITMENTS)}.")
        worker = self.worker
        payload: dict[str, Any] = dict(target=target, name=name, shape=list(shape), seeds=list(seeds),
                                       require_jit=require_jit, commitment=commitment)
        self._digests = ()
        self._commitment = commitment
        if not measure:
            reply = self._request("timed_run", timeout=timeout, **payload)
            return _timed_failure(reply) or TimedBatch(0.0, None, True)
        # The processes found after the previous batch are those before this one: one walk a batch.
        processes = self._processes or (worker.process_ids() if worker is not None else ())
        cpu_before = cpu_seconds(processes)
        started = time.perf_counter()
        reply = self._request("timed_run", timeout=timeout, **payload)
        wall = time.perf_counter() - started
        cpu_after = cpu_seconds(processes)
        failure = _timed_failure(reply)
        if failure is not None:
            return failure
        after = worker.process_ids() if worker is not None else ()
        self._processes = after
        cpu = cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
        digests = reply.get("digests")
        if isinstance(digests, list) and len(digests) == len(seeds) and all(type(d) is str for d in digests):
            self._digests = tuple(digests)
        return TimedBatch(wall, cpu, after == processes and cpu is not None, self._digests)

    def timed_outputs(self, indices: Sequence[int]) -> list[tuple[Any, bool]]:
        """The last timed batch's outputs at `indices`, decoded as plain data, each with whether it
        matches the digest the worker committed to before the clock stopped (False without one)."""
        committed = self._digests
        reply = self._request("timed_kept", indices=list(indices))
        try:
            values = [decode_value(value) for value in reply.get("outputs", [])]
        except ProtocolError as error:
            raise WorkerLost("protocol", f"malformed reply: {error}") from None
        checked = []
        for index, value in zip(indices, values):
            honest = (0 <= index < len(committed) and type(value) is np.ndarray
                      and _COMMITMENTS[self._commitment](value) == committed[index])
            checked.append((value, honest))
        return checked


_RECOMPILATION_KINDS = ("jax", "numpy")

# How many of each function's first calls a session keeps with their outputs (`first_outputs`).
FIRST_OUTPUTS_KEPT = 8


def _declared_reply(operation: Operation, reply: dict[str, Any]) -> dict[str, Any]:
    """`reply` when it has the fields `operation` declares for its reply; a reply of another shape is the
    worker's breach (its process runs the submission's code), and the session ends with it."""
    problem = fields_problem(operation.reply, reply, allowed=ENVELOPE)
    if problem is not None or reply.get("op") != operation.name:
        raise WorkerLost("protocol", f"malformed reply to {operation.name}: "
                                     f"{problem or 'it answers ' + repr(reply.get('op'))[:40]}"[:200])
    return reply


def _indices(reported: Any) -> frozenset[int]:
    """The worker's list of argument indices, as far as it is one."""
    return frozenset(index for index in reported if type(index) is int) if type(reported) is list else frozenset()


def _wire_item(wire: Any, key: str) -> Any:
    """The echoed value of keyword `key` in a `__dict__` wire value; None when there is none."""
    pairs = wire.get("__dict__") if type(wire) is dict else None
    for pair in pairs if type(pairs) is list else []:
        if type(pair) is list and len(pair) == 2 and pair[0] == key:
            return pair[1]
    return None


def _call_outcome(reply: dict[str, Any], echo_args: bool, shared: SharedArguments | None = None) -> CallOutcome:
    """A `call` reply decoded: only plain data crosses back, and an argument still in shared memory is
    read there by the judge."""
    read = shared.read if shared is not None else None
    reported = reply.get("deleted")
    deleted = tuple((item[0], item[1][:200]) for item in (reported if type(reported) is list else [])[:20]
                    if type(item) is list and len(item) == 2 and type(item[0]) in (int, str) and type(item[1]) is str)
    try:
        args_after = decode_value(reply["args_after"], shared=read) if echo_args else None
        kwargs_after = decode_value(reply["kwargs_after"], shared=read) if echo_args else None
        args_before = decode_value(reply.get("args_before"))
        kwargs_before = decode_value(reply.get("kwargs_before"))
        if reply.get("ok"):
            return CallOutcome(output=decode_value(reply.get("output")), args_after=args_after,
                               kwargs_after=kwargs_after, deleted=deleted, args_before=args_before,
                               kwargs_before=kwargs_before)
    except (ProtocolError, KeyError, TypeError, ValueError) as error:
        raise WorkerLost("protocol", f"malformed reply: {error}") from None
    return CallOutcome(error=ErrorReport.from_wire(reply.get("error")), args_after=args_after,
                       kwargs_after=kwargs_after, deleted=deleted)


def _timed_failure(reply: dict[str, Any]) -> TimedRefusal | ErrorReport | None:
    if reply.get("ok"):
        return None
    for reason in ("not_jit", "not_array"):
        if reason in reply:
            return TimedRefusal(reason, str(reply[reason])[:100])
    return ErrorReport.from_wire(reply.get("error"))
