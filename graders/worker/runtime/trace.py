"""How large the traced program is: equations in the jaxpr, nested ones counted."""

from __future__ import annotations

import inspect
from typing import Any, Callable

import jax

from .calls import CallFailed, Calls, prepare_arguments

__all__ = ["TraceSizes"]


class TraceSizes:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"trace_size": self.trace_size}

    def trace_size(self, request: dict[str, Any]) -> dict[str, Any]:
        static = tuple(request.get("static_argnames", []))
        sizes = []
        try:
            function = self.calls.function(request["name"])
        except CallFailed as failure:
            return {"ok": False, "error": failure.report}
        for call in request["calls"]:
            args, kwargs = prepare_arguments(call["args"], call["kwargs"], "jax")
            try:
                closed = jax.make_jaxpr(function, static_argnums=_static_positions(function, static, len(args)))(
                    *args, **kwargs
                )
            except BaseException as error:  # noqa: BLE001 - student code may raise anything
                return {"ok": False, "error": self.calls.describe_error(error)}
            sizes.append(_count_equations(closed.jaxpr))
        return {"ok": True, "sizes": sizes}


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
