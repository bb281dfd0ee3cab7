"""Short, deterministic renderings of values for student-facing messages."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from .spec import Call

__all__ = ["format_call", "format_value", "stable_text"]

_MAX_CHARS = 600


def format_value(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (np.ndarray, np.generic)):
        array = np.asarray(value)
        if array.ndim == 0:
            # str() of a NumPy scalar is the shortest text that round-trips in its own dtype.
            return str(array[()])
        body = np.array2string(array, precision=5, separator=", ", threshold=40, edgeitems=3,
                               max_line_width=10_000, floatmode="maxprec").replace("\n", "")
        return _clip(f"array({body}, dtype={array.dtype.name})")
    if isinstance(value, tuple):
        inner = ", ".join(format_value(item) for item in value)
        return _clip(f"({inner},)" if len(value) == 1 else f"({inner})")
    if isinstance(value, list):
        return _clip("[" + ", ".join(format_value(item) for item in value) + "]")
    if isinstance(value, dict):
        return _clip("{" + ", ".join(f"{key!r}: {format_value(item)}" for key, item in value.items()) + "}")
    return _clip(repr(value))


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_CHARS else text[: _MAX_CHARS - 5] + " ...]"


def format_call(parameters: tuple[str, ...], call: Call) -> str:
    named = [f"{name}={format_value(value)}" for name, value in zip(parameters, call.args)]
    named += [f"{name}={format_value(value)}" for name, value in call.kwargs.items()]
    return ", ".join(named)


_VOLATILE = (
    (re.compile(r"\bid=\d+"), "id=…"),
    (re.compile(r"\b0x[0-9a-fA-F]{6,}\b"), "0x…"),
)


def stable_text(text: str) -> str:
    """Text from the worker without per-process numbers (object ids, addresses).

    Regrading must reproduce every message; JAX and Python print such numbers.
    """
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text
