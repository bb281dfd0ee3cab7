"""Measurements taken inside the worker, each returning plain data.

A probe runs student code and reports what happened: outputs as arrays, the
exception that escaped (type, message, student line), compilations counted
with `jax.monitoring`, the module-level names a function touches, timings.
Probes never decide anything; the judge does, in its own process.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

from .hidden_state import find_hidden_state, static_global_uses
from .loader import SubmissionModule, error_location
from .protocol import encode_value

__all__ = ["Probes"]

_COMPILE_EVENTS = {
    "/jax/core/compile/jaxpr_trace_duration": "traces",
    "/jax/core/compile/backend_compile_duration": "compiles",
}


class _CompileCounter:
    """Counts JAX's own tracing and backend-compilation events."""

    def __init__(self) -> None:
        self.counts = {"traces": 0, "compiles": 0}
        jax.monitoring.register_event_duration_secs_listener(self.on_event)

    def on_event(self, event: str, duration: float, **kwargs: Any) -> None:
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


class _CallFailed(Exception):
    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__(report.get("message", ""))
        self.report = report


class Probes:
    def __init__(self, submission: SubmissionModule) -> None:
        self.submission = submission
        self.compile_counter = _CompileCounter()
        self.cache_misses = _CacheMissLog()
        self._jitted: dict[tuple[str, tuple[str, ...]], Callable[..., Any]] = {}

    # ----------------------------------------------------------------- lookup
    def describe(self, name: str) -> dict[str, Any]:
        if not self.submission.defines(name):
            return {"defined": False, "callable": False, "jit_compiled": False, "type": ""}
        value = self.submission.lookup(name)
        return {
            "defined": True,
            "callable": callable(value),
            "jit_compiled": _is_jit_wrapper(value),
            "type": type(value).__name__,
        }

    def function(self, name: str) -> Callable[..., Any]:
        value = self.submission.lookup(name)
        if not callable(value):
            raise _CallFailed({"type": "NameError", "chain": ["NameError"], "message": f"{name} is not defined"})
        return value

    def _callable_for(self, name: str, mode: str, static_argnames: list[str]) -> Callable[..., Any]:
        function = self.function(name)
        if mode == "as_submitted":
            return function
        key = (name, tuple(static_argnames))
        if key not in self._jitted:
            self._jitted[key] = jax.jit(function, static_argnames=tuple(static_argnames) or None)
        return self._jitted[key]

    # ------------------------------------------------------------------ calls
    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        args, kwargs = _prepare(request["args"], request["kwargs"], request.get("array_kind", "numpy"))
        try:
            function = self._callable_for(request["name"], request.get("mode", "as_submitted"),
                                          request.get("static_argnames", []))
            output = self._invoke(function, args, kwargs)
        except _CallFailed as failure:
            reply: dict[str, Any] = {"ok": False, "error": failure.report}
        else:
            reply = {"ok": True, "output": encode_value(output)}
        if request.get("echo_args"):
            reply["args_after"] = encode_value(list(args))
            reply["kwargs_after"] = encode_value(kwargs)
        return reply

    def _invoke(self, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        try:
            output = function(*args, **kwargs)
            _block(output)
            return output
        except BaseException as error:  # noqa: BLE001 - student code may raise anything
            raise _CallFailed(self.describe_error(error)) from None

    def describe_error(self, error: BaseException) -> dict[str, Any]:
        chain = [klass.__name__ for klass in type(error).__mro__ if klass not in (object, BaseException)]
        message = str(error)
        return {
            "type": type(error).__name__,
            "chain": chain[:8],
            "message": "\n".join(message.splitlines()[:40])[:6000],
            "location": error_location(error, self.submission.filenames),
        }

    # -------------------------------------------------------- recompilation
    def recompilation(self, request: dict[str, Any]) -> dict[str, Any]:
        function = self.function(request["name"])
        array_kind = request.get("array_kind", "jax")
        try:
            for call in request["warmup"]:
                self._invoke(function, *_prepare(call["args"], call["kwargs"], array_kind))
            before = self.compile_counter.snapshot()
            self.cache_misses.records.clear()
            self.cache_misses.armed = True
            try:
                for call in request["measured"]:
                    self._invoke(function, *_prepare(call["args"], call["kwargs"], array_kind))
            finally:
                self.cache_misses.armed = False
        except _CallFailed as failure:
            return {"ok": False, "error": failure.report}
        after = self.compile_counter.snapshot()
        return {
            "ok": True,
            "calls": len(request["measured"]),
            "compiles": after["compiles"] - before["compiles"],
            "traces": after["traces"] - before["traces"],
            "explanations": list(self.cache_misses.records),
        }

    def instrument_check(self) -> dict[str, Any]:
        """Compile a fresh function and confirm the counter saw it."""
        before = self.compile_counter.snapshot()
        jax.jit(lambda x: x * 2 + 1)(jnp.zeros((3,), jnp.float32)).block_until_ready()
        after = self.compile_counter.snapshot()
        return {"compiles": after["compiles"] - before["compiles"], "traces": after["traces"] - before["traces"]}

    # --------------------------------------------------------------- globals
    def global_uses(self, request: dict[str, Any]) -> dict[str, Any]:
        """Module-level data the function reads or writes (from its code), and, when the request
        carries a call, what that call read and changed at run time."""
        name = request["name"]
        module = self.submission.module
        findings = static_global_uses(self.submission.lookup(name), name, self.submission.filenames,
                                      module.__name__)
        if "args" in request:
            args, kwargs = _prepare(request["args"], request["kwargs"], "jax")

            def run(function: Callable[..., Any]) -> None:
                _block(function(*args, **kwargs))

            seen = {(f["name"], f["access"], f["line"]) for f in findings}
            for finding in find_hidden_state(name, module, self.submission.filenames, run):
                if (finding["name"], finding["access"], finding["line"]) not in seen:
                    findings.append(finding)
        return {"findings": findings[:50]}

    # ------------------------------------------------------------ trace size
    def trace_size(self, request: dict[str, Any]) -> dict[str, Any]:
        function = self.function(request["name"])
        static = tuple(request.get("static_argnames", []))
        sizes = []
        for call in request["calls"]:
            args, kwargs = _prepare(call["args"], call["kwargs"], "jax")
            try:
                closed = jax.make_jaxpr(function, static_argnums=_static_positions(function, static, len(args)))(
                    *args, **kwargs
                )
            except BaseException as error:  # noqa: BLE001
                return {"ok": False, "error": self.describe_error(error)}
            sizes.append(_count_equations(closed.jaxpr))
        return {"ok": True, "sizes": sizes}


def _block(output: Any) -> None:
    for leaf in jax.tree_util.tree_leaves(output):
        if hasattr(leaf, "block_until_ready"):
            leaf.block_until_ready()


def _prepare(args: list[Any], kwargs: dict[str, Any], array_kind: str) -> tuple[tuple[Any, ...], dict[str, Any]]:
    from .protocol import decode_value

    decoded_args = tuple(decode_value(arg) for arg in args)
    decoded_kwargs = {key: decode_value(value) for key, value in kwargs.items()}
    if array_kind == "jax":
        convert = lambda leaf: jnp.asarray(leaf) if isinstance(leaf, np.ndarray) else leaf  # noqa: E731
        decoded_args = tuple(jax.tree_util.tree_map(convert, arg) for arg in decoded_args)
        decoded_kwargs = {key: jax.tree_util.tree_map(convert, value) for key, value in decoded_kwargs.items()}
    return decoded_args, decoded_kwargs


def _static_positions(function: Callable[..., Any], static_names: tuple[str, ...], arg_count: int) -> tuple[int, ...]:
    if not static_names:
        return ()
    try:
        parameters = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()
    return tuple(index for index, name in enumerate(parameters[:arg_count]) if name in static_names)


def _count_equations(jaxpr: Any) -> int:
    total = 0
    for equation in jaxpr.eqns:
        total += 1
        for param in equation.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(sub, "jaxpr", None)
                if inner is not None and hasattr(inner, "eqns"):
                    total += _count_equations(inner)
                elif hasattr(sub, "eqns"):
                    total += _count_equations(sub)
    return total


def _is_jit_wrapper(value: Any) -> bool:
    return type(value).__name__ == "PjitFunction" or (
        callable(value) and hasattr(value, "lower") and hasattr(value, "__wrapped__")
    )
