"""Worker entry point: load the submission, then answer the judge's requests."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from ..both_sides.messages import fields_problem
from ..both_sides.operations import LOAD, OPERATIONS, timed_operations

__all__ = ["serve"]


def apply_limits(memory_bytes: int, file_bytes: int, tasks: int = 0) -> None:
    """Limits for this process and all it starts, set before any student code exists.

    Soft and hard limits are equal, so the process cannot raise them again
    (bubblewrap drops the capability that would allow it). `tasks` caps the processes and
    threads of the sandbox's own user namespace (RLIMIT_NPROC is counted per user namespace):
    a fork bomb fails with EAGAIN there instead of filling the machine. 0 leaves it unset,
    as outside a sandbox, where the count would include every process of the grading user.
    """
    import resource
    import signal

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    if memory_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if tasks > 0:
        resource.setrlimit(resource.RLIMIT_NPROC, (tasks, tasks))
    # Writing past the file limit then raises an error instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def serve(request_fd: int, reply_fd: int, memory_bytes: int = 0, file_bytes: int = 2**30, tasks: int = 0,
          events_fd: int = -1, shared_fd: int = -1, shared_bytes: int = 0) -> None:
    apply_limits(memory_bytes, file_bytes, tasks)
    # Nothing the start allocates is garbage, and it lives as long as the process: collections that would walk
    # it again and again while JAX and the worker's modules load are paused until the hello (jax_import.py).
    gc.disable()
    # Imported here so that a failing JAX import is reported over the channel.
    from ..both_sides.protocol import read_frame, write_frame

    try:
        from ..both_sides.jax_import import import_jax

        import_jax()  # without reading every installed package's metadata
        import jax
        import numpy as np

        from ..both_sides.events import REPLY, open_stream
        from ..both_sides.protocol import trust_jax_array_type, trust_jax_key_type
        from .audit import AuditTrail
        from .calls import SharedMemory
        from .capability_calls import CapabilityCalls
        from .executable_memory import remember_executables
        from .integrity import Integrity
        from .library import LibraryWatch
        from .loader import SubmissionModule
        from .persistent_cache import CacheSettings
    except BaseException as error:  # noqa: BLE001
        write_frame(reply_fd, {"op": "hello", "ok": False, "message": f"{type(error).__name__}: {error}"})
        return
    # CPU computations run on the thread that calls them, not handed to another: a caller waiting
    # for a handed-off call burns CPU time that grows with how busy the machine is, which the
    # judge's CPU-time clocks would charge to whichever worker waited. Read once, when JAX
    # creates its CPU client, so it is set before anything runs.
    jax.config.update("jax_cpu_enable_async_dispatch", False)
    device = jax.devices()[0]
    # A program compiled again (no_globals empties JAX's caches) is found in this process's own memory.
    remember_executables(device.client)
    # JAX's array type, read from an array made before any student code exists: only it and
    # NumPy's own types count as data (protocol.py), whatever another class claims to be.
    trust_jax_array_type(type(jax.device_put(0.0, device)))
    # JAX's typed random keys cross as their implementation's name and raw words, read by functions bound
    # here, before any student code could rebind them.
    # The class is read, not a key made: making one compiles and caches programs before the cells run, which
    # changed what a later patch of JAX's internals is seen doing (tests/worker/test_hostile.py, `make_jit`).
    from jax._src.random.prng import PRNGKeyArray

    key_impl, key_data = jax.random.key_impl, jax.random.key_data
    trust_jax_key_type(PRNGKeyArray, lambda key: (str(key_impl(key)), np.asarray(key_data(key))))
    # The judge's record of every instrument's events, written as they happen (events.py); a mark
    # precedes every reply.
    emit = open_stream(events_fd)
    # The arguments' memory, which the judge maps too (calls.py).
    shared = SharedMemory(shared_fd, shared_bytes)
    mark = emit(REPLY, b"")
    gc.enable()  # before any student code exists
    write_frame(
        reply_fd,
        {
            "op": "hello",
            "ok": True,
            "pid": os.getpid(),
            "python": sys.version.split()[0],
            "jax": jax.__version__,
            "platform": device.platform,
            "device": getattr(device, "device_kind", str(device)),
            "mark": mark,
        },
    )
    handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}
    integrity: Integrity | None = None
    capabilities: CapabilityCalls | None = None
    while True:
        request = read_frame(request_fd)
        if request is None or request.get("op") == "exit":
            _leave_now()
        op = request.get("op")
        if op == "load" and (problem := fields_problem(LOAD.request, request, allowed=_OP)):
            reply: dict[str, Any] = {"protocol_error": problem}
        elif op == "load":
            # Before any program is compiled: JAX reads its cache settings on the first compilation.
            for name, value in (request.get("jax_config") or {}).items():
                jax.config.update(name, value)
            cache_settings = CacheSettings()
            submission = SubmissionModule(request["module_name"])
            handlers, listener = _probes(submission, emit, shared)
            integrity = Integrity(listener, [emit])
            # Every library namespace recorded and watched from here on (library.py).
            library = LibraryWatch(emit, submission.filenames, request["module_name"])
            handlers["library_check"] = library.check
            # What the submission's code calls, by the object called (capability_calls.py): its callback is
            # registered before the audit hook exists, which would otherwise record the registration.
            capabilities = CapabilityCalls()
            # Installed last, just before the first cell runs: nothing of the runtime's own set-up is seen.
            audit = AuditTrail(submission.filenames, emit)
            capabilities.report = audit.capability_called
            cells = submission.run_cells(request["cells"], capabilities.watch)
            capabilities.loading = False
            # JAX's persistent cache back where the runtime had it: the grader's compilations are no
            # files of the notebook's (persistent_cache.py).
            cache_settings.restore()
            audit.channels_left_open()
            reply = {"baseline": integrity.baseline, "cells": cells, "library": library.compare()}
        elif not handlers:
            reply = {"protocol_error": "load must come first"}
        elif op in _TIMED_OPS and capabilities is not None:
            with capabilities.paused():
                reply = _answer(handlers, op, request)
        else:
            reply = _answer(handlers, op, request)
        if capabilities is not None:
            capabilities.intact()  # before the reply's mark: a watch turned off is on this reply's record
        reply["op"] = op
        if integrity is not None and op != "load":
            reply["integrity"] = integrity.state()
        reply["mark"] = emit(REPLY, b"")
        try:
            write_frame(reply_fd, reply)
        except (ValueError, OverflowError, RecursionError, MemoryError) as error:
            # A reply that cannot be written holds what the code returned or printed: an integer past
            # Python's digit limit, a frame over its size (ProtocolError is a ValueError). Said as such, in a
            # reply that can be, so the judge puts it on the submission, not on itself.
            unsendable = {"op": op, "unsendable": f"{type(error).__name__}: {str(error)[:200]}", "mark": reply["mark"]}
            if "integrity" in reply:
                unsendable["integrity"] = reply["integrity"]
            write_frame(reply_fd, unsendable)


# Requests that time the code: no watch of what it calls runs in their clocks.
_TIMED_OPS = timed_operations()


def _answer(handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]], op: Any,
            request: dict[str, Any]) -> dict[str, Any]:
    """One probe's reply. Probes catch what student code raises; anything else that escapes one is the
    grader's fault, reported as such, and the worker lives on."""
    operation = OPERATIONS.get(op) if isinstance(op, str) else None
    handler = handlers.get(op) if operation is not None else None
    if operation is None or handler is None:
        # Only a declared request runs (both_sides/operations.py).
        return {"protocol_error": f"unknown op {op!r}"}
    problem = fields_problem(operation.request, request, allowed=_OP)
    if problem is not None:
        return {"protocol_error": problem}
    try:
        reply = handler(request)
    except Exception as error:  # noqa: BLE001 - see the docstring
        return {"probe_error": f"{op}: {type(error).__name__}: {error}"}
    # A reply the judge would refuse as malformed is the grader's own slip: said so here, in the tests.
    problem = fields_problem(operation.reply, reply)
    return reply if problem is None else {"probe_error": f"{op}: the worker's reply does not match its "
                                                         f"declaration: {problem}"}


# The request's own name, on every request besides its declared fields.
_OP = frozenset({"op"})


def _leave_now() -> NoReturn:
    """Exit without interpreter teardown.

    Tearing JAX down takes 0.3-0.4 s that the judge would wait for, and
    skipping it also means no student `atexit` hook or finalizer runs after
    the last measurement.
    """
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except BaseException:  # noqa: BLE001 - a student may have replaced or closed the stream
            pass
    os._exit(0)


def _probes(submission: Any, emit: Any, shared: Any) -> tuple[dict[str, Callable[[dict[str, Any]], dict[str, Any]]],
                                                              Callable[..., Any]]:
    """Every request the worker answers, by op, and the compilation listener the integrity check watches.

    One probe module a concern: calls, compilations, trace sizes, intermediate values, timing. What a
    call reads or keeps beyond its arguments is no probe's: the judge reads it from the source and
    decides it by comparing outputs (judge/checks/no_globals.py).
    """
    from .calls import Calls
    from .compilation import Compilations
    from .timing import TimedBatches
    from .trace import TraceSizes
    from .values import Intermediates

    calls = Calls(submission, shared)
    compilations = Compilations(calls, emit)
    handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}
    for probe in (calls, compilations, TraceSizes(calls), Intermediates(calls), TimedBatches(calls)):
        handlers.update(probe.handlers())
    # The library watch's check is added once the cells are loaded (`serve`).
    undeclared = sorted(set(handlers) ^ (set(OPERATIONS) - {"library_check"}))
    if undeclared:
        raise RuntimeError(f"requests {undeclared} are answered or declared, not both: declare each handler "
                           "in graders/both_sides/operations.py with the watch it runs under")
    return handlers, compilations.listener


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
