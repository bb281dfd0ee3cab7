"""Fingerprints of Python state, read without running any of the student's code.

A fingerprint is a short text that changes when a value's contents change. Containers are read
through their base type's own methods (`dict.items(obj)`, `list.copy(obj)`,
`deque.__iter__(obj)`), so no `__iter__`, `__repr__` or `__eq__` a student defined runs and no
iterator advances: dict subclasses (`Counter`, `OrderedDict` with its order, `defaultdict`),
list and set subclasses, `deque`, `array.array`, `bytearray`, `__slots__`, `itertools.count`
(its repr), built-in iterators (their length hint), generators (where they are suspended, and
their locals), NumPy random generators. Mutable state it cannot read (an `itertools.cycle`, an
unhashable opaque object) is marked `unreadable`, never taken for unchanged; hashable library
values (dtypes, enums, treedefs) and JAX arrays are immutable and compared by identity.

Every library function used here is bound when this module is imported, before any student code
exists: rebinding `hashlib.sha1` or `numpy.ascontiguousarray` later blinds nothing here (and is a
patch the library watch reports, `library.py`).
"""

from __future__ import annotations

import array
import collections
import functools
import hashlib
import inspect
import io
import itertools
import types
from collections.abc import Sized
from typing import Any, cast

import jax
import numpy as np

__all__ = ["FINGERPRINT_DEPTH", "FINGERPRINT_ITEMS", "MISSING", "UNREADABLE", "Reader", "change", "fingerprint",
           "instance_dict", "state_entry", "summary"]

FINGERPRINT_DEPTH = 5
_FINGERPRINT_ITEMS = 2000
FINGERPRINT_ITEMS = _FINGERPRINT_ITEMS
UNREADABLE = "unreadable"
MISSING = object()

# Bound before any submission code runs.
_sha1 = hashlib.sha1
_ascontiguousarray = np.ascontiguousarray
_ndarray_view = np.ndarray.view
_ndarray = np.ndarray
_uint8 = np.uint8
_Generator = np.random.Generator
_RandomState = np.random.RandomState
_get_state = np.random.RandomState.get_state
_jax_array = jax.Array
_isgenerator, _iscoroutine, _isasyncgen = inspect.isgenerator, inspect.iscoroutine, inspect.isasyncgen
_ismodule, _isclass, _isroutine = inspect.ismodule, inspect.isclass, inspect.isroutine
_lru_wrapper = functools._lru_cache_wrapper
_cache_info = functools._lru_cache_wrapper.cache_info
_partial = functools.partial
_count = itertools.count


_SEQUENCES = (list, tuple, set, frozenset, dict, collections.deque, array.array, bytearray)


def summary(value: Any, reader: Reader, depth: int = 1) -> tuple[Any, ...]:
    """What a change is described by: a container's length, a number's value, an object's attributes."""
    kind = type(value)
    if isinstance(value, _SEQUENCES):
        base: type[Sized] = next(base for base in _SEQUENCES if isinstance(value, base))
        return ("items", kind.__name__, base.__len__(value))
    if kind in (int, float):
        return ("number", value)
    if isinstance(value, _lru_wrapper):
        info = _cache_info(value)
        return ("cache", info.hits + info.misses)
    if depth > 0 and kind not in _SCALARS and not (_ismodule(value) or _isclass(value)
                                                   or _isroutine(value)):
        attributes = instance_dict(value)
        if attributes is not None:
            return ("object", kind.__name__,
                    {str(key): (reader.fingerprint(item, FINGERPRINT_DEPTH - 1), summary(item, reader, depth - 1))
                     for key, item in list(attributes.items())[:_FINGERPRINT_ITEMS]})
    return ("value", kind.__name__)


_SCALARS = (type(None), bool, int, float, complex, str, bytes)


def instance_dict(value: Any) -> dict[str, Any] | None:
    try:
        attributes = object.__getattribute__(value, "__dict__")
    except (AttributeError, TypeError):
        return None
    return attributes if type(attributes) is dict else None


def _slot_values(value: Any) -> list[tuple[str, Any]] | None:
    """`__slots__` members, read through the classes' own member descriptors; None without slots."""
    found: list[tuple[str, Any]] = []
    any_slots = False
    for klass in type(value).__mro__:
        slots = vars(klass).get("__slots__")
        if slots is None:
            continue
        any_slots = True
        for slot in [slots] if isinstance(slots, str) else list(slots):
            descriptor = vars(klass).get(slot)
            if type(descriptor) is types.MemberDescriptorType:
                try:
                    found.append((f"{klass.__name__}.{slot}", descriptor.__get__(value, klass)))
                except AttributeError:
                    found.append((f"{klass.__name__}.{slot}", MISSING))
    return found if any_slots else None


def _type_defines(kind: type, name: str) -> bool:
    """Whether the type or a base defines `name`, looked up without running any code."""
    return any(name in vars(klass) for klass in kind.__mro__)


def _digest(parts: list[str]) -> str:
    return _sha1(",".join(parts).encode()).hexdigest()[:16]


class Reader:
    """Fingerprints with a shared budget. Containers are read through their base type's own methods
    (`dict.items(obj)`, `list.copy(obj)`), so no `__iter__`, `__repr__` or `__eq__` a student
    defined runs while the state is read, and no iterator is advanced."""

    @staticmethod
    def digest_bytes(parts: list[str]) -> bytes:
        """Eight bytes that change when any of `parts` does: what the event stream carries."""
        return _sha1("\x00".join(parts).encode()).digest()[:8]

    def __init__(self, budget: int = _FINGERPRINT_ITEMS * 10) -> None:
        self.budget = budget
        # How many unreadable values were met: a fingerprint whose reading raised it is unreadable.
        self.unreadable = 0

    def fingerprint(self, value: Any, depth: int) -> str:
        """A short text that changes when the value's contents change: `identity|summary for messages`;
        it starts with `unreadable` when some mutable part of the value cannot be read."""
        self.budget -= 1
        kind = type(value)
        if self.budget < 0 or depth < 0:
            return f"deep|{kind.__name__}"
        if kind in _SCALARS:
            text = repr(value)
            return (f"scalar:{_sha1(text.encode()).hexdigest()[:16]}|"
                    f"{text if len(text) <= 40 else text[:37] + '...'}")
        met = self.unreadable
        parts = self._contents(value, depth)
        if parts is None:
            return self._opaque(value)
        attributes = instance_dict(value)
        if attributes is not None:
            parts += [f"{key}={self.fingerprint(item, depth - 1)}" for key, item in list(attributes.items())]
        return f"{UNREADABLE if self.unreadable > met else 'contents'}:{_digest(parts)}|{kind.__name__}"

    def _items(self, values: Any, depth: int, ordered: bool = True) -> list[str]:
        parts = [self.fingerprint(item, depth - 1) for item in list(values)[:_FINGERPRINT_ITEMS]]
        return parts if ordered else sorted(parts)

    def _contents(self, value: Any, depth: int) -> list[str] | None:
        """What the value holds, as parts to hash; None when it is no container this knows."""
        if isinstance(value, _ndarray):
            plain = _ndarray_view(value, _ndarray)
            return [f"{plain.dtype.str}{plain.shape}", _sha1(_ascontiguousarray(plain).view(_uint8)
                                                                    .tobytes()).hexdigest()]
        if isinstance(value, dict):
            parts = [f"{self.fingerprint(key, 1)}={self.fingerprint(item, depth - 1)}"
                     for key, item in list(dict.items(value))[:_FINGERPRINT_ITEMS]]
            if isinstance(value, collections.OrderedDict):
                # move_to_end changes the order an OrderedDict keeps apart from the dict's own.
                parts.append("order=" + _digest([self.fingerprint(key, 1) for key in
                                                 list(collections.OrderedDict.__iter__(value))[:_FINGERPRINT_ITEMS]]))
            if isinstance(value, collections.defaultdict):
                parts.append(f"factory={id(value.default_factory)}")
            return parts
        if isinstance(value, list):
            return self._items(list.copy(value), depth)
        if isinstance(value, tuple):
            return self._items(tuple.__getitem__(value, slice(None)), depth)
        if isinstance(value, set):
            return self._items(set.copy(value), depth, ordered=False)
        if isinstance(value, frozenset):
            return self._items(frozenset.copy(value), depth, ordered=False)
        if isinstance(value, collections.deque):
            return [f"maxlen={value.maxlen}"] + self._items(collections.deque.__iter__(value), depth)
        if isinstance(value, array.array):
            return [value.typecode, _sha1(array.array.tobytes(value)).hexdigest()]
        if isinstance(value, (bytearray, memoryview, bytes)):
            try:
                return [_sha1(memoryview(value).tobytes()).hexdigest()]
            except ValueError:  # a released memoryview
                return ["released"]
        if isinstance(value, (io.StringIO, io.BytesIO)):
            try:
                if isinstance(value, io.StringIO):
                    return [repr(io.StringIO.getvalue(value)), str(io.StringIO.tell(value))]
                return [repr(io.BytesIO.getvalue(value)), str(io.BytesIO.tell(value))]
            except ValueError:  # closed
                return ["closed"]
        if isinstance(value, _lru_wrapper):
            info = _cache_info(value)
            return [f"lru:{id(value)}:{info.hits}:{info.misses}:{info.currsize}"]
        if isinstance(value, _partial):
            # `keywords` is a dict, whose contents are always a list.
            return ([f"func={id(value.func)}"] + self._items(value.args, depth)
                    + cast(list[str], self._contents(value.keywords, depth)))
        if isinstance(value, _Generator):
            return self._contents(value.bit_generator.state, depth)
        if isinstance(value, _RandomState):
            return self._contents(_get_state(value, legacy=False), depth)
        if type(value) is _count:
            # Its repr is its next value and step: reading it does not advance it.
            return [repr(value)]
        if _isgenerator(value) or _iscoroutine(value) or _isasyncgen(value):
            frame = getattr(value, "gi_frame", None) or getattr(value, "cr_frame", None) \
                or getattr(value, "ag_frame", None)
            if frame is None:
                return ["finished"]
            # Where it is suspended and what its locals hold: advancing changes one or the other.
            return [f"at={frame.f_lasti}"] + [f"{key}={self.fingerprint(item, depth - 1)}"
                                             for key, item in list(frame.f_locals.items())]
        if (_ismodule(value) or _isclass(value) or _isroutine(value)
                or isinstance(value, _jax_array)):
            return None
        slots = _slot_values(value)
        if slots is not None:
            return [f"{name}={'-' if item is MISSING else self.fingerprint(item, depth - 1)}" for name, item in slots]
        if instance_dict(value) is not None:
            # An object of a Python class: its __dict__ is read by the caller; its identity is
            # what a rebinding changes.
            return [f"id={id(value)}"]
        kind = type(value)
        if _type_defines(kind, "__next__") and _type_defines(kind, "__length_hint__"):
            # A built-in iterator (list, tuple, range, dict, repeat...): how much is left changes as it advances.
            return [f"left={kind.__length_hint__(value)}"]
        return None

    def _opaque(self, value: Any) -> str:
        """A value this cannot look into: immutable library values are judged by identity, anything
        else mutable, or an iterator that cannot be read without advancing it, is unreadable."""
        kind = type(value)
        if (_ismodule(value) or _isclass(value) or _isroutine(value)
                or isinstance(value, _jax_array)):
            return f"ref:{id(value)}|{kind.__name__}"
        if _type_defines(kind, "__next__") or kind.__hash__ is None:
            self.unreadable += 1
            return f"{UNREADABLE}:{id(value)}|{kind.__name__}"
        # Hashable library values (dtypes, enums, treedefs, numpy scalars) are immutable by contract:
        # identity is what a rebinding changes.
        return f"ref:{id(value)}|{kind.__name__}"


def fingerprint(value: Any, depth: int = FINGERPRINT_DEPTH) -> str:
    """The fingerprint of one value (see `Reader.fingerprint`)."""
    return Reader().fingerprint(value, depth)


def state_entry(value: Any) -> tuple[str, tuple[Any, ...]]:
    reader = Reader()
    return reader.fingerprint(value, FINGERPRINT_DEPTH), summary(value, reader)


def change(before: tuple[str, tuple[Any, ...]] | None,
            after: tuple[str, tuple[Any, ...]] | None) -> dict[str, Any]:
    """How a place changed, as data the judge words: independent of how often it was called before."""
    if before is None:
        return {"kind": "created"}
    if after is None:
        return {"kind": "removed"}
    old, new = before[1], after[1]
    if old[0] == new[0] == "items" and old[1] == new[1]:
        delta = new[2] - old[2]
        return {"kind": "items", "delta": delta, "type": old[1]} if delta else {"kind": "contents", "type": old[1]}
    if old[0] == new[0] == "number":
        return {"kind": "number", "delta": float(new[1] - old[1])}
    if old[0] == new[0] == "cache":
        return {"kind": "cache", "delta": float(new[1] - old[1])}
    if old[0] == new[0] == "object" and old[1] == new[1]:
        for attribute in sorted(set(old[2]) | set(new[2])):
            if old[2].get(attribute, ("",))[0] != new[2].get(attribute, ("",))[0]:
                return {**change(old[2].get(attribute), new[2].get(attribute)), "attribute": attribute}
    return {"kind": "contents", "type": new[1] if len(new) > 1 else ""}

