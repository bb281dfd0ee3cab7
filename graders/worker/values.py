"""The worker's `intermediates` request: every intermediate value of one call of the student's function,
read with the probe the judge runs on the reference (`graders/both_sides/intermediates.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..both_sides.intermediates import intermediate_values
from ..both_sides.protocol import encode_value
from .calls import CallFailed, Calls, prepare_arguments

__all__ = ["Intermediates"]


class Intermediates:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"intermediates": self.intermediates}

    def intermediates(self, request: dict[str, Any]) -> dict[str, Any]:
        try:
            function = self.calls.function(request["name"])
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        args, kwargs = prepare_arguments(request["args"], request["kwargs"], "jax")
        try:
            nodes, outputs = intermediate_values(function, tuple(request.get("static_argnames", ())), args, kwargs,
                                                 self.calls.submission.filenames)
        except BaseException as error:  # noqa: BLE001 - student code may raise anything
            return {"ok": False, "error": self.calls.describe_error(error)}
        return {"ok": True, "outputs": outputs,
                "nodes": [[filename, line, inputs, encode_value(value) if value is not None else None, body]
                          for filename, line, inputs, value, body in nodes]}
