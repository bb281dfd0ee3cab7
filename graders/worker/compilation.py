"""Reporting what JAX compiles and traces, and quoting its explanation of each cache miss.

JAX reports every trace and backend compilation to `jax.monitoring` listeners, and
explains tracing-cache misses in its log when `jax_explain_cache_misses` is on. The
listener is registered before any student code runs and writes each event to the
judge's event stream as it happens (`events.py`): the judge counts compilations
itself, so no count kept in this process is believed. The integrity check watches
that the listener stays registered; the judge's own count of a fresh compilation
(`instrument_check`) proves the stream still carries events.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from ..both_sides.events import COMPILE, TRACE, Emit
from .calls import CallFailed, Calls, prepare_arguments

__all__ = ["Compilations", "compile_listener"]

# Bound before any submission code runs: the self-check never looks these up through a module.
_jit = jax.jit
_device_put = jax.device_put
_np_zeros = np.zeros
_float32 = np.float32


def compile_listener(emit: Emit) -> Callable[..., None]:
    """A `jax.monitoring` listener that writes each trace and backend compilation to the judge's stream.

    The event names are constants of its own code (no dict a student could empty), and `emit` is
    the stream's closure, bound before student code exists.
    """

    def on_event(event: str, duration_secs: float, **kwargs: Any) -> None:
        if event == "/jax/core/compile/backend_compile_duration":
            emit(COMPILE, b"")
        elif event == "/jax/core/compile/jaxpr_trace_duration":
            emit(TRACE, b"")

    jax.monitoring.register_event_duration_secs_listener(on_event)
    _freeze_listeners()
    return on_event


def _freeze_listeners() -> None:
    """JAX keeps its monitoring listeners in plain module-level lists, which a call could empty and
    refill in place (no name rebound, so no watcher would see it) to compile unheard. Made tuples
    here, before student code exists: they can no longer change in place, and rebinding the name
    is a change the library watch reports."""
    import jax.monitoring as public
    from jax._src import monitoring

    for name in _LISTENER_LISTS:
        listeners = vars(monitoring).get(name)
        if type(listeners) is list:
            setattr(monitoring, name, tuple(listeners))
    # JAX's own registration appends to the list; a student may still register a listener of their
    # own: the tuple is rebuilt with it (a new tuple, from this runtime's frame, is no patch).
    for register, name in _REGISTRATIONS.items():
        if register in vars(monitoring):
            add = _adder(monitoring, name)
            setattr(monitoring, register, add)
            if register in vars(public):
                setattr(public, register, add)


_LISTENER_LISTS = ("_event_listeners", "_event_duration_secs_listeners", "_event_time_span_listeners",
                   "_scalar_listeners")
_REGISTRATIONS = {"register_event_listener": "_event_listeners",
                  "register_event_duration_secs_listener": "_event_duration_secs_listeners",
                  "register_event_time_span_listener": "_event_time_span_listeners",
                  "register_scalar_listener": "_scalar_listeners"}


def _adder(monitoring: Any, name: str) -> Callable[..., None]:
    original = vars(monitoring)[next(key for key, value in _REGISTRATIONS.items() if value == name)]

    def register(callback: Any, *args: Any, **kwargs: Any) -> None:
        # JAX's own function wraps the callback with its metadata and appends it: run it on a list,
        # then keep the result as a tuple.
        current = vars(monitoring)[name]
        setattr(monitoring, name, list(current))
        try:
            original(callback, *args, **kwargs)
        finally:
            setattr(monitoring, name, tuple(vars(monitoring)[name]))

    return register


# What `jax_explain_cache_misses` changes in JAX's logging, by logger: the tracing cache's explanations
# (logged only with the switch on), and the persistent cache's lines that the switch raises from DEBUG
# to WARNING (`log_priority` in jax/_src/compiler.py and compilation_cache.py), by how each opens.
_EXPLAINED = "TRACING CACHE MISS"
_RAISED_BY_THE_SWITCH: dict[str, tuple[str, ...]] = {
    "jax._src.interpreters.partial_eval": (_EXPLAINED,),
    "jax._src.compiler": ("PERSISTENT COMPILATION CACHE MISS", "Not writing persistent cache entry"),
    "jax._src.compilation_cache": ("Writing ", "Not writing persistent cache entry"),
}


class _CacheMissLog(logging.Filter):
    """Collects JAX's explanations of cache misses while it is armed, and keeps the student's logging
    as it would be without the switch the grader turned on: the explanations are dropped, and the
    persistent cache's lines go back to DEBUG, shown only where the student's own configuration
    shows DEBUG. A notebook that logs to a file (`logging.basicConfig(filename=...)`) would otherwise
    find the grader's lines in it, a file that changes at each call."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False
        self.records: list[str] = []
        for name in _RAISED_BY_THE_SWITCH:
            logging.getLogger(name).addFilter(self)
        jax.config.update("jax_explain_cache_misses", True)

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)
        if not text.startswith(_RAISED_BY_THE_SWITCH.get(record.name, ())):
            return True  # JAX's other lines are the student's to see, as without the grader
        if text.startswith(_EXPLAINED):
            # Only the tracing cache explains why a function was traced again; the persistent
            # cache's own hit and miss lines depend on what earlier gradings left on disk.
            if self.armed and len(self.records) < 20:
                self.records.append(record.getMessage()[:3000])
            return False
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


class Compilations:
    def __init__(self, calls: Calls, emit: Emit) -> None:
        self.calls = calls
        self.listener = compile_listener(emit)
        self.cache_misses = _CacheMissLog()

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {
            "recompilation_warmup": self.warmup,
            "recompilation": self.recompilation,
            "instrument_check": lambda request: self.instrument_check(),
        }

    def warmup(self, request: dict[str, Any]) -> dict[str, Any]:
        """The warm-up calls, one per signature, in a request of their own: what they compile is not
        counted against the function."""
        array_kind = request.get("array_kind", "jax")
        try:
            function = self.calls.function(request["name"])
            for call in request["warmup"]:
                self.calls.invoke(function, *prepare_arguments(call["args"], call["kwargs"], array_kind))
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        return {"ok": True}

    def recompilation(self, request: dict[str, Any]) -> dict[str, Any]:
        """The measured calls, with JAX's reasons for any trace; the judge counts what they compiled
        and traced from its own stream of events, between this request and its reply."""
        array_kind = request.get("array_kind", "jax")
        try:
            function = self.calls.function(request["name"])
            self.cache_misses.records.clear()
            self.cache_misses.armed = True
            try:
                for call in request["measured"]:
                    self.calls.invoke(function, *prepare_arguments(call["args"], call["kwargs"], array_kind))
            finally:
                self.cache_misses.armed = False
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        return {"ok": True, "calls": len(request["measured"]), "explanations": list(self.cache_misses.records)}

    def instrument_check(self) -> dict[str, Any]:
        """Compile a fresh function: the judge must see its trace and compilation on the stream. A reshape, the
        cheapest program XLA still compiles (5 ms; arithmetic takes 13), on an array made without a program."""
        _jit(lambda x: x.reshape(x.shape[::-1]))(_device_put(_np_zeros((3, 1), _float32))).block_until_ready()
        return {"ok": True}
