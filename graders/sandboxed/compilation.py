"""Counting what JAX compiles and traces, and quoting its explanation of each cache miss.

JAX reports every trace and backend compilation to `jax.monitoring` listeners, and
explains tracing-cache misses in its log when `jax_explain_cache_misses` is on. The
counter is registered before any student code runs; the integrity check watches that
it stays registered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from .calls import CallFailed, Calls, prepare_arguments

__all__ = ["CompileCounter", "Compilations"]

_COMPILE_EVENTS = {
    "/jax/core/compile/jaxpr_trace_duration": "traces",
    "/jax/core/compile/backend_compile_duration": "compiles",
}


class CompileCounter:
    """Counts JAX's own tracing and backend-compilation events."""

    def __init__(self) -> None:
        self.counts = {"traces": 0, "compiles": 0}
        jax.monitoring.register_event_duration_secs_listener(self.on_event)

    def on_event(self, event: str, duration_secs: float, **kwargs: Any) -> None:
        key = _COMPILE_EVENTS.get(event)
        if key is not None:
            self.counts[key] += 1

    def snapshot(self) -> dict[str, int]:
        return dict(self.counts)


class _CacheMissLog(logging.Handler):
    """Collects JAX's explanations of cache misses while it is armed."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.armed = False
        self.records: list[str] = []
        logging.getLogger("jax").addHandler(self)
        jax.config.update("jax_explain_cache_misses", True)

    def emit(self, record: logging.LogRecord) -> None:
        if not self.armed:
            return
        text = record.getMessage()
        # Only the tracing cache explains why a function was traced again; the persistent
        # cache's own hit and miss lines depend on what earlier gradings left on disk.
        if "TRACING CACHE MISS" in text and len(self.records) < 20:
            self.records.append(text[:3000])


class Compilations:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls
        self.counter = CompileCounter()
        self.cache_misses = _CacheMissLog()

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {
            "recompilation": self.recompilation,
            "instrument_check": lambda request: self.instrument_check(),
            "stats": lambda request: self.counter.snapshot(),
        }

    def recompilation(self, request: dict[str, Any]) -> dict[str, Any]:
        """Warm-up calls first; then what the measured calls compiled and traced, with JAX's reasons."""
        array_kind = request.get("array_kind", "jax")
        try:
            function = self.calls.function(request["name"])
            for call in request["warmup"]:
                self.calls.invoke(function, *prepare_arguments(call["args"], call["kwargs"], array_kind))
            before = self.counter.snapshot()
            self.cache_misses.records.clear()
            self.cache_misses.armed = True
            try:
                for call in request["measured"]:
                    self.calls.invoke(function, *prepare_arguments(call["args"], call["kwargs"], array_kind))
            finally:
                self.cache_misses.armed = False
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        after = self.counter.snapshot()
        return {
            "ok": True,
            "calls": len(request["measured"]),
            "compiles": after["compiles"] - before["compiles"],
            "traces": after["traces"] - before["traces"],
            "explanations": list(self.cache_misses.records),
        }

    def instrument_check(self) -> dict[str, Any]:
        """Compile a fresh function and confirm the counter saw it."""
        before = self.counter.snapshot()
        jax.jit(lambda x: x * 2 + 1)(jnp.zeros((3,), jnp.float32)).block_until_ready()
        after = self.counter.snapshot()
        return {"compiles": after["compiles"] - before["compiles"], "traces": after["traces"] - before["traces"]}
