"""Drawn examples kept on disk, so that a new judge does not draw them again.

The examples a check tries first (`base.draw_examples`) are deterministic: the same seed, the same
strategy, the same hypothesis give the same list. Drawing them costs a judge about 0.3 s for an
assignment, while its submission's worker starts and runs the cells. A judge that has a cache
directory keeps them in its own part of it (`<cache>-judge/examples`, which no worker sees), as the
wire data the worker is sent anyway (JSON, never a pickle), under a key made of everything the draw
depends on: the grader's code and reference solutions, hypothesis, NumPy and Python, the exercise,
the count and the purpose. Anything unreadable is drawn again; a list that would not read back as
exactly what was drawn is not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis
import numpy as np

from graders.both_sides.protocol import ProtocolError, decode_value, encode_value
from graders.common.code_version import code_fingerprint
from graders.common.spec import Call, Exercise

__all__ = ["call_key", "keep_examples_in", "stored_examples"]

_folder: Path | None = None


def keep_examples_in(cache_directory: str | None) -> None:
    """Keep drawn examples under the judge's own cache folder for `cache_directory` (None: nowhere)."""
    global _folder
    _folder = None if cache_directory is None else \
        Path(f"{Path(cache_directory).expanduser().resolve()}-judge") / "examples"


def stored_examples(exercise: Exercise, count: int, purpose: str, draw: Callable[[], list[Call]]) -> list[Call]:
    """The examples `draw` returns, read from the store when it has them, else drawn and kept."""
    if _folder is None:
        return draw()
    path = _folder / f"{_key(exercise, count, purpose)}.json"
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError, ProtocolError):
        return [_call(entry) for entry in json.loads(path.read_text(encoding="utf-8"))]
    drawn = draw()
    wire = [_wire(call) for call in drawn]
    text = json.dumps(wire, separators=(",", ":"))
    if "__unsupported__" not in text and all(
            _kinds(_call(entry)) == _kinds(call) and _wire(_call(entry)) == entry
            for entry, call in zip(json.loads(text), drawn)):
        _write(path, text)
    return drawn


def _key(exercise: Exercise, count: int, purpose: str) -> str:
    parts = [code_fingerprint(), hypothesis.__version__, np.__version__, platform.python_version(),
             exercise.reference.__module__, exercise.name, repr(exercise.inputs), str(count), purpose]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:32]


def call_key(call: Call) -> str:
    """A text equal for two calls exactly when they are the same input: the wire data and its types."""
    return json.dumps([_wire(call), _kinds(call)], sort_keys=True, default=str)


def _wire(call: Call) -> dict[str, Any]:
    return {"args": [encode_value(arg) for arg in call.args],
            "kwargs": [[key, encode_value(value)] for key, value in call.kwargs.items()]}


def _call(entry: dict[str, Any]) -> Call:
    return Call(tuple(decode_value(arg) for arg in entry["args"]),
                {str(key): decode_value(value) for key, value in entry["kwargs"]})


def _kinds(value: Any) -> Any:
    """The value's shape of types (a tuple is no list, a NumPy scalar no Python float): with the wire
    data, what must read back the same for a stored call to be the drawn one."""
    if isinstance(value, Call):
        return ("call", _kinds(value.args), _kinds(dict(value.kwargs)))
    if type(value) in (list, tuple):
        return (type(value).__name__, *map(_kinds, value))
    if type(value) is dict:
        return ("dict", *((key, _kinds(item)) for key, item in value.items()))
    if isinstance(value, (np.ndarray, np.generic)):
        return (type(value).__name__, value.dtype.str, value.shape)
    return type(value).__name__


def _write(path: Path, text: str) -> None:
    """Written whole or not at all: judges that share the cache may write the same entry at once."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".part-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
