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

import _random
import array
import collections
import contextvars
import datetime
import decimal
import enum
import fractions
import functools
import gc
import hashlib
import inspect
import io
import itertools
import logging
import operator
import pathlib
import re
import struct
import sys
import types
import typing
import weakref
from collections.abc import Callable, Sized
from typing import Any, cast

import jax
import numpy as np

__all__ = ["CLASS_BOOKKEEPING", "FINGERPRINT_DEPTH", "FINGERPRINT_ITEMS", "MISSING", "UNREADABLE", "Reader", "change",
           "exact_repr", "fingerprint", "identity", "instance_dict", "plain_text", "state_entry", "submission_class",
           "summary"]

# What the state watch tells objects apart by, in place of `id()`. Every `id()` call raises an audit
# event, which the worker's audit hook (audit.py) pays for with a Python call of its own: hundreds of
# thousands of them while a notebook is graded. A plain object's hash is its address, rotated, so two
# live objects never share one; `object.__hash__` computes that one in C, raises no event, and runs no
# `__hash__` a class defines.
identity: Callable[[Any], int] = object.__hash__

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
_np_generic = np.generic
_generic_bytes = np.generic.tobytes
# What a dtype hands back of the mapping it was made with (NumPy copies the mapping, not what it holds).
_dtype_metadata = vars(np.dtype)["metadata"].__get__
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
_chain = itertools.chain.from_iterable
_c_random = _random.Random
_c_random_getstate = _random.Random.getstate
_BitGenerator = np.random.BitGenerator
_context_variable = contextvars.ContextVar
_context_variable_get = contextvars.ContextVar.get
# Hash objects of the C hash modules: their running state is read through their own C `digest`.
_HASH_TYPES = tuple({type(hashlib.sha256()), type(hashlib.md5()), type(hashlib.sha1()), type(hashlib.blake2b()),
                     type(hashlib.blake2s()), type(hashlib.sha3_256())})
_jax_treedef = type(jax.tree_util.tree_structure(0))
_TYPING_UNION = type(typing.Union[int, str])  # noqa: UP007 - the old spelling's own type is what is wanted
_referents = gc.get_referents
_bound_method_types = (types.MethodType, types.BuiltinMethodType, types.MethodWrapperType)
_weakref = weakref.ref
_weakref_call = weakref.ref.__call__
_LOGGERS = (logging.Logger, logging.LoggerAdapter)
_function_annotations = vars(types.FunctionType)["__annotations__"].__get__
_function_dict = vars(types.FunctionType)["__dict__"].__get__
_type_qualname = vars(type)["__qualname__"].__get__  # type's own slot, not a metaclass's property
_modules = sys.modules
# Objects whose own C fields never change after they are made (a slice's bounds, a property's getter,
# a mapping proxy's mapping, a ufunc's Python function). They are read as their identity plus every
# object those fields hold, as the interpreter's own traversal (`gc.get_referents`) lists them: a list
# behind a slice's `start` or a closure behind a property's `fget` is read like any other, with no
# per-type rule to forget. Any other value this cannot look into is unreadable (a private generator,
# a C queue, a mmap): what cannot be read is no evidence of purity.
_IMMUTABLE = (np.dtype, np.generic, np.ufunc, enum.Enum, re.Pattern, slice, range, type(Ellipsis),
              type(NotImplemented), decimal.Decimal, fractions.Fraction, datetime.date, datetime.time,
              datetime.timedelta, datetime.tzinfo, pathlib.PurePath, operator.itemgetter, operator.attrgetter,
              operator.methodcaller, types.CodeType, types.MappingProxyType, property, staticmethod,
              classmethod, types.MemberDescriptorType, types.GetSetDescriptorType,
              type(vars(collections.namedtuple("_Fields", "field"))["field"]),  # a field: index and doc
              _jax_treedef, jax.Device, jax.sharding.Sharding,
              # Type hints: no run-time state (`cast(PyTree, x)` reads a TypeVar and does nothing).
              typing.TypeVar, typing.ParamSpec, typing.TypeVarTuple, types.GenericAlias, types.UnionType,
              _TYPING_UNION, type(typing.Any))
# Library values whose referents are the library's own business (a device's client, a sharding's
# mesh): identity only.
_LIBRARY_VALUES = (np.dtype, enum.Enum, types.CodeType, _jax_treedef, jax.Device, jax.sharding.Sharding,
                   typing.TypeVar, typing.ParamSpec, typing.TypeVarTuple)
# A class made by C code (`int`, `io.BufferedWriter`, `itertools.count`) carries this flag; a class
# statement never does. An object whose nearest such base is not `object` keeps state in C fields.
_IMMUTABLE_TYPE_FLAG = 1 << 8
# What a class statement puts in every class's namespace: nothing a call can change.
CLASS_BOOKKEEPING = _CLASS_BOOKKEEPING = frozenset({"__dict__", "__weakref__", "__doc__", "__module__", "__qualname__",
                                "__firstlineno__", "__static_attributes__", "__slots__",
                                "_abc_impl"})  # `abc`'s own caches, which every isinstance check may fill


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
_scalar_types = frozenset(_SCALARS)
_TEXT_TYPES = frozenset((str, bytes))
_pack_double = struct.Struct("<d").pack


def exact_repr(value: Any) -> str:
    """A scalar's repr, which tells every value of these types apart but one: every NaN prints `nan`,
    whatever its sign and payload bits, and those bits can count calls. A float or complex that is
    not equal to itself is written by its bytes."""
    text = repr(value)
    if "nan" in text and type(value) in (float, complex):
        parts = (value.real, value.imag) if type(value) is complex else (value,)
        return f"{type(value).__name__}-bits:" + "".join(_pack_double(part).hex() for part in parts)
    return text


def plain_text(value: Any, depth: int = 3) -> str | None:
    """The whole text of a value built only of exact builtin scalars, tuples and dicts keyed by str or
    bytes (an interpreter setting such as `np.geterr()`, the environment), or None for anything else,
    which `Reader` reads. Exact types only, so no method a submission defines runs, and nothing is
    shared with `Reader`'s texts (`plain:` is none of their prefixes). The interpreter's settings are
    read at every snapshot, some 400 times a grading: 49 µs so against 108 µs through `Reader`."""
    kind = type(value)
    if kind in _SCALARS:
        return exact_repr(value)
    if depth <= 0:
        return None
    if kind is tuple:
        texts = [plain_text(item, depth - 1) for item in value]
        known = [text for text in texts if text is not None]
        return "(" + ",".join(known) + ")" if len(known) == len(texts) else None
    if kind is dict:
        if _TEXT_TYPES.issuperset(map(type, value)) and _TEXT_TYPES.issuperset(map(type, value.values())):
            return repr(value)  # exact for exact str and bytes, and all in C (the environment)
        parts = []
        for key, item in list(value.items()):
            text = plain_text(item, depth - 1) if type(key) in (str, bytes) else None
            if text is None:
                return None
            parts.append(f"{key!r}:{text}")
        return "{" + ",".join(parts) + "}"
    return None


_STDLIB = __import__("sysconfig").get_paths()["stdlib"]


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

    def __init__(self, budget: int = _FINGERPRINT_ITEMS * 10, own_files: frozenset[str] = frozenset()) -> None:
        self.budget = budget
        # How many unreadable values were met: a fingerprint whose reading raised it is unreadable.
        self.unreadable = 0
        # The submission's files: a function whose code is in one of them is read whole (closure,
        # defaults, attributes, annotations), wherever it is met.
        self.own_files = own_files
        # The values on the path being read: a value met again inside itself (a recursive closure, an
        # object that holds itself) is a cycle, which adds nothing to read and is no reason to stop.
        self._path: set[int] = set()
        # Values that are places of their own (`place`), and the one being read whole now.
        self.placed: set[int] = set()
        self._top: Any = MISSING

    def place(self, value: Any, whole: bool = True) -> str:
        """The fingerprint of a place's value, read whole (`whole`: this is the place that reads it;
        another place with the same value reads it by identity)."""
        self._top = value if whole else MISSING
        try:
            return self.fingerprint(value, FINGERPRINT_DEPTH)
        finally:
            self._top = MISSING

    def fingerprint(self, value: Any, depth: int) -> str:
        """A short text that changes when the value's contents change: `identity|summary for messages`;
        it starts with `unreadable` when some mutable part of the value cannot be read."""
        kind = type(value)
        if kind in _SCALARS:
            text = exact_repr(value)
            if len(text) <= 40:
                return f"scalar:{text}|{text}"  # short text is its own digest
            return f"scalar:{_sha1(text.encode()).hexdigest()[:16]}|{text[:37]}..."
        self.budget -= 1
        if self.budget < 0 or depth < 0:
            # Past the depth or the snapshot's budget nothing is read: no evidence, so never "unchanged".
            self.unreadable += 1
            return f"{UNREADABLE}:{identity(value)}|{kind.__name__} (too deep or too large to read)"
        if kind in _BY_IDENTITY:
            return f"ref:{identity(value)}|{kind.__name__}"  # what `_opaque` says of them, reached at once
        if identity(value) in self._path:
            return f"cycle:{identity(value)}|{kind.__name__}"
        if identity(value) in self.placed and value is not self._top:
            # The value of a place of its own, read whole there: anywhere else it is named by identity,
            # so that one change is told once, at the place it happened.
            return f"ref:{identity(value)}|{kind.__name__}"
        met = self.unreadable
        self._path.add(identity(value))
        try:
            exact = _EXACT_CONTENTS.get(kind)
            if exact is not None:
                # The builtin containers and the submission's functions, met most: straight to what
                # `_contents` would read for them, past its chain of checks, with no `__dict__` to
                # look for (none of these exact types has one that holds data).
                digest = _digest(exact(self, value, depth))
                return f"{UNREADABLE if self.unreadable > met else 'contents'}:{digest}|{kind.__name__}"
            parts = self._contents(value, depth)
            if parts is None:
                return self._opaque(value, depth)
            attributes = instance_dict(value)
            if attributes is not None and not (_isclass(value) or _ismodule(value) or _isroutine(value)
                                               or isinstance(value, _LOGGERS)):
                parts += [f"{key}={self.fingerprint(item, depth - 1)}" for key, item in list(attributes.items())]
                if not _trusted_class(kind):
                    # An object of a class the submission made: what its class holds is its state too.
                    parts.append(f"class={self.fingerprint(kind, depth - 1)}")
        finally:
            self._path.discard(identity(value))
        return f"{UNREADABLE if self.unreadable > met else 'contents'}:{_digest(parts)}|{kind.__name__}"

    def _items(self, values: Any, depth: int, ordered: bool = True) -> list[str]:
        values = list(values)
        if _scalar_types.issuperset(map(type, values)):
            # Numbers and text only (a table of constants): read whole, in one pass in C, at any length.
            # The repr of these exact types tells them apart (`1`, `1.0`, `'1'`, `b'1'`, `True`), and
            # runs no code of anyone's.
            text = repr(values) if ordered else ",".join(sorted(map(repr, values)))
            if "nan" in text:  # a NaN's bits, which no repr shows (`exact_repr`); rare, so checked last
                text = ",".join(map(exact_repr, values)) if ordered else ",".join(sorted(map(exact_repr, values)))
            return [_sha1(text.encode(errors="surrogatepass")).hexdigest()[:16], str(len(values))]
        if len(values) > _FINGERPRINT_ITEMS:
            self.unreadable += 1  # the items past the cap are not read: no evidence either way
        parts = [self.fingerprint(item, depth - 1) for item in values[:_FINGERPRINT_ITEMS]]
        return parts if ordered else sorted(parts)

    def _contents(self, value: Any, depth: int) -> list[str] | None:
        """What the value holds, as parts to hash; None when it is no container this knows."""
        if isinstance(value, _LOGGERS):
            # A logger changes no result (its own cache fills as it logs): by identity, as a logger
            # named as a global is (`hidden_state.is_data`).
            return [f"logger={identity(value)}"]
        if isinstance(value, _np_generic):
            # A NumPy scalar, read by its bytes: a structured one (`np.void`) can be assigned in place.
            return [type(value).__name__, _sha1(_generic_bytes(value)).hexdigest()]
        if isinstance(value, _ndarray):
            plain = _ndarray_view(value, _ndarray)
            if plain.dtype.hasobject:
                # An array of references has no bytes to read (JAX's ahead-of-time `Lowered`, kept at module
                # level as JAX's docs show, holds one): its items are read as any container's.
                return [f"{plain.dtype.str}{plain.shape}", *self._items(list(_ndarray.ravel(plain)), depth)]
            return [f"{plain.dtype.str}{plain.shape}", _sha1(_ascontiguousarray(plain).view(_uint8)
                                                                    .tobytes()).hexdigest()]
        if isinstance(value, dict):
            parts = self._dict_contents(value, depth)
            if isinstance(value, collections.OrderedDict):
                # move_to_end changes the order an OrderedDict keeps apart from the dict's own.
                parts.append("order=" + _digest([self.fingerprint(key, 1) for key in
                                                 list(collections.OrderedDict.__iter__(value))[:_FINGERPRINT_ITEMS]]))
            if isinstance(value, collections.defaultdict):
                parts.append(f"factory={identity(value.default_factory)}")
            return parts
        for base in _SEQUENCE_BASES:
            if isinstance(value, base):  # a subclass too (a named tuple), through the base's own methods
                return _EXACT_CONTENTS[base](self, value, depth)
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
        if type(value) is inspect.Signature:
            # A library function's signature (a jit wrapper's, in its `_jit_info`): names, kinds and
            # defaults read, annotations by what they are (typing unions nest deeper than any budget,
            # and an annotation is rebound, not changed in place, when it changes).
            return [self._annotation(value.return_annotation)] + [
                f"{parameter.name}:{parameter.kind}:{self._annotation(parameter.annotation)}="
                f"{self.fingerprint(parameter.default, depth - 1)}" for parameter in value.parameters.values()]
        if isinstance(value, _lru_wrapper):
            info = _cache_info(value)
            return [f"lru:{identity(value)}:{info.hits}:{info.misses}:{info.currsize}"]
        if isinstance(value, _partial):
            # `keywords` is a dict, whose contents are always a list.
            # What it calls is read too: by identity when that is all there is to read (a C routine), and
            # with what it keeps when it is a Python function (its cells, its `__dict__`).
            return ([f"func={self.fingerprint(value.func, depth - 1)}"] + self._items(value.args, depth)
                    + cast(list[str], self._contents(value.keywords, depth)))
        if isinstance(value, _c_random):
            # A private `random.Random`: its C generator's own state (a Python subclass adds gauss_next,
            # in its __dict__, read by the caller).
            return [f"rng:{hash(_c_random_getstate(value))}"]
        if isinstance(value, _BitGenerator):
            for klass in type(value).__mro__:  # the state property of NumPy's own class, not a subclass's
                if klass.__module__.startswith("numpy.") and "state" in vars(klass):
                    return self._contents(vars(klass)["state"].__get__(value, klass), depth)
        if type(value) is _context_variable:
            current = _context_variable_get(value, MISSING)
            return ["unset" if current is MISSING else self.fingerprint(current, depth - 1)]
        if type(value) in _HASH_TYPES:
            return [type(value).digest(value).hex()]
        if isinstance(value, _Generator):
            return self._contents(value.bit_generator.state, depth)
        if isinstance(value, _RandomState):
            return self._contents(_get_state(value, legacy=False), depth)
        if isinstance(value, _count):
            # Its repr is its next value and step: reading it does not advance it (`count`'s own repr,
            # not a subclass's).
            return [_count.__repr__(value)]
        if isinstance(value, types.CellType):
            return self._cell_contents(value, depth)
        if isinstance(value, types.FunctionType):
            return self._any_function_contents(value, depth)
        if _isclass(value) and not _trusted_class(value):
            return self._class_contents(value, depth)
        if _ismodule(value) and _modules.get(str(getattr(value, "__name__", ""))) is not value:
            # A module object of the submission's own making, outside `sys.modules` where the library
            # watch looks: its namespace is data like any dict's.
            namespace = {key: item for key, item in list(vars(value).items())
                         if key not in ("__builtins__", "__loader__", "__spec__")}
            return self._contents(namespace, depth)
        if _isgenerator(value) or _iscoroutine(value) or _isasyncgen(value):
            frame = getattr(value, "gi_frame", None) or getattr(value, "cr_frame", None) \
                or getattr(value, "ag_frame", None)
            if frame is None:
                return ["finished"]
            # Where it is suspended and what its locals hold: advancing changes one or the other. Paused in
            # `yield from`, the iterator it delegates to advances instead: read too.
            delegate = getattr(value, "gi_yieldfrom", None) or getattr(value, "cr_await", None)
            return ([f"at={frame.f_lasti}"] + [f"{key}={self.fingerprint(item, depth - 1)}"
                                              for key, item in list(frame.f_locals.items())]
                    + ([f"from={self.fingerprint(delegate, depth - 1)}"] if delegate is not None else []))
        if isinstance(value, _bound_method_types) and not (_ismodule(value.__self__) or _isclass(value.__self__)
                                                           or value.__self__ is None):
            # A bound method holds its object (`[].append` its list): the object is read.
            return [f"method={getattr(value, '__name__', '')}", self.fingerprint(value.__self__, depth - 1)]
        if isinstance(value, _weakref):
            # What a weak reference points to, read through the C type's own call (no student code).
            return ["weakref", self.fingerprint(_weakref_call(value), depth - 1)]
        if _isroutine(value) and not _isclass(value):
            # A library's callable object with a namespace of its own (JAX's jit wrappers, NumPy's
            # array-function dispatchers): what that namespace keeps is data, as a function's is.
            attributes = instance_dict(value)
            if attributes is not None:
                return self._library_routine(value, attributes, depth)
        if (_ismodule(value) or _isclass(value) or _isroutine(value)
                or isinstance(value, _jax_array)):
            return None
        slots = _slot_values(value)
        if slots is not None:
            return [f"{name}={'-' if item is MISSING else self.fingerprint(item, depth - 1)}" for name, item in slots]
        if instance_dict(value) is not None:
            if _hides_c_state(type(value)):
                # A C object with a `__dict__` (`io.BufferedWriter`, a subclass of `itertools.cycle`): its
                # C fields hold state that the dict does not show.
                return None
            # An object of a Python class: its __dict__ is read by the caller; its identity is
            # what a rebinding changes.
            return [f"id={identity(value)}"]
        kind = type(value)
        if _type_defines(kind, "__next__") and _type_defines(kind, "__length_hint__"):
            # A built-in iterator (list, tuple, range, dict, repeat...): how much is left changes as it advances.
            return [f"left={kind.__length_hint__(value)}"]
        return None

    def _dict_contents(self, value: dict[Any, Any], depth: int) -> list[str]:
        entries = list(dict.items(value))
        flat = list(_chain(entries))
        if _scalar_types.issuperset(map(type, flat)):
            return self._items(flat, depth)
        if len(entries) > _FINGERPRINT_ITEMS:
            self.unreadable += 1
        return [f"{self.fingerprint(key, 1)}={self.fingerprint(item, depth - 1)}"
                for key, item in entries[:_FINGERPRINT_ITEMS]]

    def _cell_contents(self, cell: types.CellType, depth: int) -> list[str]:
        try:
            return [self.fingerprint(cell.cell_contents, depth)]
        except ValueError:
            return ["empty cell"]

    def _any_function_contents(self, function: types.FunctionType, depth: int) -> list[str]:
        if function.__code__.co_filename in self.own_files:
            return self._function_contents(function, depth)
        return self._library_routine(function, _function_dict(function), depth)

    def _function_contents(self, function: types.FunctionType, depth: int) -> list[str]:
        """The submission's function, whole: every object it holds as the interpreter lists them
        (closure cells, defaults, keyword defaults, `__dict__` with dunder names too, annotations),
        but its code, which is read as source, and its module's globals, which are watched as places."""
        # Annotations and `__dict__` are made on first read (by `inspect.signature`, which JAX's
        # transformations call, or by `vars`): made here first, so that a read changes nothing.
        _function_annotations(function)
        _function_dict(function)
        skip = (identity(function.__code__), identity(function.__globals__),
                identity(getattr(function, "__builtins__", None)))
        held = [item for item in _referents(function) if identity(item) not in skip]
        # Code is finite and its objects are met once (the cycle guard): what a function holds is read
        # at full depth, however deep the helpers that hold one another are nested.
        return [f"code={identity(function.__code__)}"] + [self.fingerprint(item, FINGERPRINT_DEPTH) for item in held]

    def _annotation(self, annotation: Any) -> str:
        """An annotation: a number or text exactly, anything else by identity."""
        return exact_repr(annotation) if type(annotation) in _SCALARS else f"ref:{identity(annotation)}"

    def _library_routine(self, routine: Any, attributes: dict[str, Any], depth: int) -> list[str]:
        """A library's function or callable object: by identity, and the data kept in its `__dict__`
        (a function's is made on first read, so that a read changes nothing).

        Its code and defaults are the library watch's (a patch); but a function's namespace holds data
        as a module's does, and a counter kept there (`jnp.zeros_like._n`, written through
        `functools.update_wrapper` in functools' own frame) is state like any other, under any name
        (a counter in a `__signature__`'s annotation too: red team round 11).

        What a library keeps there that cannot be read (a jit wrapper's `_jit_info`) is named by
        identity and does not make the place unreadable: the library's own objects are no evidence
        against the student, and before this nothing of a library function was read at all."""
        met = self.unreadable
        parts = [f"ref:{identity(routine)}"] + [f"{self.fingerprint(key, 1)}={self.fingerprint(item, depth - 1)}"
                                                for key, item in list(dict.items(attributes))[:_FINGERPRINT_ITEMS]]
        self.unreadable = met
        return parts

    def _class_contents(self, klass: type, depth: int) -> list[str]:
        """A class the submission made: its namespace (data, and its functions read whole) and its
        metaclass's when that is the submission's too; bases by identity."""
        namespace = {key: item for key, item in list(vars(klass).items()) if key not in _CLASS_BOOKKEEPING}
        parts = [f"bases={','.join(str(identity(base)) for base in klass.__bases__)}",
                 self.fingerprint(namespace, FINGERPRINT_DEPTH)]
        metaclass = type(klass)
        if metaclass is not type and not _trusted_class(metaclass):
            parts.append(f"metaclass={self.fingerprint(metaclass, FINGERPRINT_DEPTH)}")
        return parts

    def _opaque(self, value: Any, depth: int) -> str:
        """A value this cannot look into: immutable library values are judged by identity and by what
        their fields hold; anything else mutable, or an iterator that cannot be read without advancing
        it, is unreadable."""
        kind = type(value)
        if (_ismodule(value) or _isclass(value) or _isroutine(value)
                or isinstance(value, _jax_array)):
            return f"ref:{identity(value)}|{kind.__name__}"
        if isinstance(value, _IMMUTABLE) and not _type_defines(kind, "__next__"):
            # Immutable by contract (dtypes, enums, treedefs, NumPy scalars, patterns, paths, slices):
            # identity is what a rebinding changes, and the objects its fields hold are read.
            if isinstance(value, _LIBRARY_VALUES):
                metadata = _dtype_metadata(value) if isinstance(value, np.dtype) else None
                if metadata is not None:
                    # The one field of a library value that holds the caller's objects: a dtype's metadata.
                    # Read as a plain copy: the getter makes a new proxy each time, with an id of its own.
                    metadata_text = self.fingerprint(dict(metadata), depth - 1)
                    return f"ref:{identity(value)}|{kind.__name__}|metadata={metadata_text}"
                return f"ref:{identity(value)}|{kind.__name__}"
            met = self.unreadable
            # At the same depth: a wrapper adds no level of data (a proxy's mapping is the data), and the
            # budget bounds a chain of wrappers as it bounds everything else.
            held = [self.fingerprint(item, depth) for item in _referents(value) if item is not kind]
            if not held:
                return f"ref:{identity(value)}|{kind.__name__}"
            state = UNREADABLE if self.unreadable > met else "contents"
            return f"{state}:{_digest([str(identity(value)), *held])}|{kind.__name__}"
        # Anything else it cannot look into may hold state that changes (a C queue, a hash object, an
        # iterator, a mmap): unreadable, never taken for unchanged.
        self.unreadable += 1
        return f"{UNREADABLE}:{identity(value)}|{kind.__name__}"


# Exact types of `_LIBRARY_VALUES` that hold nothing of anyone's (a jit wrapper's `_jit_info` holds four
# tree definitions): read by identity, as `Reader._opaque` reads them after every other check.
_BY_IDENTITY = frozenset({_jax_treedef, types.CodeType})
# What `Reader._contents` reads for each of these types; `Reader.fingerprint` goes straight to it for the
# exact types, past the chain of checks.
_EXACT_CONTENTS: dict[type, Callable[[Reader, Any, int], list[str]]] = {
    dict: Reader._dict_contents,
    list: lambda reader, value, depth: reader._items(list.copy(value), depth),
    tuple: lambda reader, value, depth: reader._items(tuple.__getitem__(value, slice(None)), depth),
    set: lambda reader, value, depth: reader._items(set.copy(value), depth, ordered=False),
    frozenset: lambda reader, value, depth: reader._items(frozenset.copy(value), depth, ordered=False),
    types.CellType: Reader._cell_contents,
    types.FunctionType: Reader._any_function_contents,
}
_SEQUENCE_BASES = (list, tuple, set, frozenset)


def _c_base(kind: type) -> type:
    """The nearest class in `kind`'s MRO that C code made: where its instances' C fields come from."""
    return next((klass for klass in kind.__mro__ if klass.__flags__ & _IMMUTABLE_TYPE_FLAG), object)


# C bases whose fields cannot change after the object is made: a subclass's state is its `__dict__`.
_VALUE_BASES = (object, int, float, complex, str, bytes, tuple, frozenset)
_POINTER_SIZE: int = __import__("struct").calcsize("P")


def _c_fields(kind: type) -> bool:
    """Whether a C type's objects have fields of their own beyond the pointers to their `__dict__` and
    weak references (a `types.SimpleNamespace` has none: its state is its dict)."""
    pointers = (kind.__dictoffset__ > 0) + (kind.__weakrefoffset__ > 0)
    return bool(kind.__basicsize__ > object.__basicsize__ + pointers * _POINTER_SIZE)


def _hides_c_state(kind: type) -> bool:
    """Whether objects of `kind` keep state in C fields besides their `__dict__`: a class statement's
    subclass of a C type (`class Ticks(itertools.cycle)`), or a C type given a `__dict__` that is no
    callable (`io.BufferedWriter`; a jit wrapper's fields are the library's, its attributes are read)."""
    if kind.__flags__ & _IMMUTABLE_TYPE_FLAG:
        return kind not in _VALUE_BASES and _c_fields(kind) and not _type_defines(kind, "__call__")
    base = _c_base(kind)
    return base not in _VALUE_BASES and _c_fields(base)


def _trusted_class(klass: type) -> bool:
    """A class whose state is the library's: made by C code, or exported under its own name by the
    module it says it comes from (a class that claims `numpy` as its module but that `numpy` does not
    export is the submission's, and is read)."""
    if klass.__flags__ & _IMMUTABLE_TYPE_FLAG:
        return True
    module = _modules.get(vars(klass).get("__module__", ""))
    if module is None or module.__name__ == "__main__":
        return False
    found: Any = module
    for name in str(_type_qualname(klass)).split("."):
        found = vars(found).get(name, MISSING) if _ismodule(found) or _isclass(found) else MISSING
        if found is MISSING:
            return False
    if found is not klass:
        return False
    filename = getattr(module, "__file__", None) or ""
    # A module with no file (a submission's, loaded from a notebook's cells) is no library.
    return bool(filename) and ("site-packages" in filename or "dist-packages" in filename
                               or filename.startswith(_STDLIB))


def submission_class(klass: Any) -> bool:
    """Whether `klass` is a class the submission made, whatever `__module__` it claims: one no library
    module exports under its own name (see `_trusted_class`)."""
    return isinstance(klass, type) and not _trusted_class(klass)


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

