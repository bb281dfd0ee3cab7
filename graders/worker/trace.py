"""The worker's `trace_size` request: the student's jitted function traced again from JAX's cache,
measured with the probes the judge runs on the reference (`graders/both_sides/jaxprs.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..both_sides.jaxprs import count_equations, program_features, student_lines
from .calls import CallFailed, Calls, prepare_arguments

__all__ = ["TraceSizes"]


class TraceSizes:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"trace_size": self.trace_size}

    def trace_size(self, request: dict[str, Any]) -> dict[str, Any]:
        static = tuple(request.get("static_argnames", []))
        sizes: list[int] = []
        lines: list[list[list[Any]]] = []
        features: list[list[list[Any]]] = []
        try:
            # The very jit object that `call` requests in mode "jitted" ran: its trace of these arguments
            # is in JAX's cache, so reading it runs none of the student's code.
            jitted = self.calls.callable_for(request["name"], "jitted", list(static))
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        for call in request["calls"]:
            # NumPy arrays, as the call had: converting to JAX arrays would itself trace JAX's own
            # conversions, and the judge voids a reading during which anything was traced.
            args, kwargs = prepare_arguments(call["args"], call["kwargs"], "numpy")
            try:
                closed = cast(Any, jitted).trace(*args, **kwargs).jaxpr
            except BaseException as error:  # noqa: BLE001 - student code may raise anything
                return {"ok": False, "error": self.calls.describe_error(error)}
            sizes.append(count_equations(closed.jaxpr))
            lines.append(student_lines(closed.jaxpr, self.calls.submission.filenames))
            features.append(program_features(closed.jaxpr, self.calls.submission.filenames))
        return {"ok": True, "sizes": sizes, "lines": lines, "features": features}
