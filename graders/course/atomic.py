"""Small JSON state files that a crash never leaves half-written.

The watch service keeps its journal and the quota buckets in such files in the course directory: a
SIGKILL at any moment leaves either the old file or the new one, never a mix, because the new text
is written and flushed to a file beside it first, then renamed over it (a rename is atomic on POSIX).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["read_json", "write_json"]


def read_json(path: Path) -> dict[str, Any]:
    """The object in `path`; empty when there is no file yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: holds {type(data).__name__}, not an object; remove it to start afresh")
    return data


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Replace `path` with `data` in one step (see the module's docstring)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, scratch = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(scratch, path)
    except BaseException:
        Path(scratch).unlink(missing_ok=True)
        raise
