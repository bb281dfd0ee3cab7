"""Arguments in memory the judge shares with the worker, and reads back itself.

The judge creates an anonymous memory file (`memfd_create`), maps it, and hands it
to the worker when it starts. Every NumPy array a call is given is written there
by the judge; the worker builds its arguments as views of those bytes, so the
student's function receives arrays whose memory the judge maps too. After the
reply the judge compares the bytes with what it wrote: whether an argument was
changed in place is read from its own mapping, never from an echo of the worker.

What is compared: the bytes of every array in the arguments, at any depth of the
lists, tuples and dicts that hold them. A container itself (a list appended to, a
dict key replaced) lives only in the worker's heap; its shape after the call is
the worker's report, and an array that is no longer where it was is reported as
the value found there (see `graders/judge/checks/no_mutation.py`).
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.both_sides.protocol import ALLOWED_DTYPES

__all__ = ["Placements", "SharedArguments"]

_ALIGN = 64


@dataclass(frozen=True)
class Placements:
    """One request's placed arrays: by the id of the judge's own array, (index, that array); and each
    index's bytes as written."""

    by_id: dict[int, tuple[int, np.ndarray]]
    originals: list[np.ndarray]

    def original(self, index: object) -> np.ndarray:
        if type(index) is not int or not 0 <= index < len(self.originals):
            raise ValueError(f"no shared argument {index!r}")
        return self.originals[index]


class SharedArguments:
    """One worker's segment: `place` arrays before a request, `read` and `changed` after its reply."""

    def __init__(self, size: int) -> None:
        self.size = size
        # Inheritable: the worker gets it through `pass_fds`, maps it and closes it before student code.
        self.fd = os.memfd_create("jaxgrade-arguments", 0)
        try:
            os.ftruncate(self.fd, size)
            self._map = mmap.mmap(self.fd, size)
        except BaseException:
            os.close(self.fd)
            raise
        self._placed: list[tuple[int, np.ndarray]] = []
        self._by_id: dict[int, tuple[int, np.ndarray]] = {}
        self._cursor = 0

    def begin(self) -> None:
        """A new request: its arrays are placed from the start of the segment."""
        self._placed = []
        self._by_id = {}
        self._cursor = 0

    def place(self, array: np.ndarray) -> int | None:
        """Write `array` into the segment; its index there, or None when it is not placed (a dtype the
        wire does not carry, an empty array, or no room left: then it travels as an inline value)."""
        if array.dtype.name not in ALLOWED_DTYPES or array.size == 0:
            return None
        # A copy in C order that keeps the shape: `np.ascontiguousarray` makes a 0-d array 1-d, and the
        # caller's (4,) argument read back as (1,) was reported as a mutation.
        data = np.array(array, order="C")
        offset = -(-self._cursor // _ALIGN) * _ALIGN
        if offset + data.nbytes > self.size:
            return None
        self._map[offset:offset + data.nbytes] = data.tobytes()
        self._cursor = offset + data.nbytes
        self._placed.append((offset, data))
        self._by_id[id(array)] = (len(self._placed) - 1, array)
        return len(self._placed) - 1

    def seen(self, value: Any) -> Any:
        """`value` (the judge's own arguments, as sent) with every array placed in the segment replaced
        by its bytes as they are now: the arguments after the call, as the judge reads them itself."""
        if type(value) is np.ndarray:
            found = self._by_id.get(id(value))
            return self.read(found[0]) if found is not None and found[1] is value else value
        if type(value) in (tuple, list):
            return type(value)(self.seen(item) for item in value)
        if type(value) is dict:
            return {key: self.seen(item) for key, item in value.items()}
        return value

    def placements(self) -> Placements:
        """Where this request's arrays were placed, kept for a later look at the same arguments."""
        return Placements(dict(self._by_id), [array for _, array in self._placed])

    def replaced(self, value: Any, wire: Any, read_only: frozenset[int] = frozenset(),
                 path: str = "", placed: Placements | None = None,
                 rebuilt: frozenset[int] = frozenset()) -> Iterator[tuple[str, str]]:
        """(path, how) in `value` (the judge's own arguments, as sent) where the array the judge placed
        is not as the caller left it: `replaced` where the worker's echo `wire` no longer names that very
        array (another object, equal in value or not: an array swapped for a JAX array of the same
        numbers is a mutation too), `read_only` where the worker reports it was made read-only (its
        index in `read_only`: a report that can only cost points)."""
        by_id = placed.by_id if placed is not None else self._by_id
        if type(value) is np.ndarray:
            found = by_id.get(id(value))
            if found is not None and found[1] is value:
                if wire != {"__shared__": found[0]}:
                    yield path, "replaced"
                elif found[0] in read_only:
                    yield path, "read_only"
                elif found[0] in rebuilt:
                    yield path, "rebuilt"
            return
        if type(wire) is not dict or len(wire) != 1:
            return
        if type(value) in (tuple, list):
            items = wire.get("__tuple__" if type(value) is tuple else "__list__")
            if type(items) is list:
                for index, (item, echoed) in enumerate(zip(value, items)):
                    yield from self.replaced(item, echoed, read_only, f"{path}[{index}]", placed, rebuilt)
        elif type(value) is dict:
            pairs = wire.get("__dict__")
            if type(pairs) is list:
                echoed_items = {pair[0]: pair[1] for pair in pairs if type(pair) is list and len(pair) == 2
                                and type(pair[0]) is str}
                for key, item in value.items():
                    if key in echoed_items:
                        yield from self.replaced(item, echoed_items[key], read_only, f"{path}[{key!r}]", placed,
                                                 rebuilt)

    def layouts(self) -> list[list[object]]:
        """What the worker needs to find each placed array: offset, dtype, shape."""
        return [[offset, array.dtype.name, list(array.shape)] for offset, array in self._placed]

    def read(self, index: object) -> np.ndarray:
        """The array at `index` as its bytes are now, read from the judge's own mapping."""
        if type(index) is not int or not 0 <= index < len(self._placed):
            raise ValueError(f"no shared argument {index!r}")
        offset, original = self._placed[index]
        data = self._map[offset:offset + original.nbytes]
        return np.frombuffer(data, dtype=original.dtype).reshape(original.shape).copy()

    def original(self, index: int) -> np.ndarray:
        return self._placed[index][1]

    def changed(self) -> list[int]:
        """Indices of the placed arrays whose bytes are not what the judge wrote."""
        return [index for index, (offset, original) in enumerate(self._placed)
                if self._map[offset:offset + original.nbytes] != original.tobytes()]

    def close(self) -> None:
        try:
            self._map.close()
        finally:
            try:
                os.close(self.fd)
            except OSError:
                pass
