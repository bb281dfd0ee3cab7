"""Library integrity as a whole: every module the runtime, NumPy and JAX loaded, watched as it changes.

Before any student code exists, every namespace is recorded by identity: each
module in `sys.modules`, and the `__dict__` of each class those modules define,
name by name, and each function's code, defaults and keyword defaults. Two
things then hold that record to account:

- **As it happens.** Every one of those dicts is watched with CPython's dict
  watchers (`PyDict_AddWatcher`, 3.12): a name rebound, added or deleted calls
  back into this module before the change lands, whoever makes it (an
  assignment, `setattr`, `np.__dict__.update(...)`, `vars(m).update(...)`, a
  module reached through `importlib.import_module` or a subscript). The change
  is written to the judge's event stream at once, with the student's line when
  the student's code is on the stack. A patch undone before the next reply is
  still on the record.
- **At checkpoints.** `compare()` checks every recorded identity again (after
  the cells load and after each exercise): a change the watchers could not see
  (a function's `__code__` swapped, which the audit hook reports too) shows there.

What counts as a patch: a name that was there before the cells ran, rebound or
deleted either by a line of the student's own code, or to or from behaviour (a
function, a class, a module), whoever did it. Libraries rebind their own data as
they work (JAX's compilation-cache flags, a lock made on first use): that is not
a patch, wherever it happens. The few places where a library rebinds behaviour as
it works are exempt by name in `EXEMPT`, each with its reason. A name that was
not there before is planted data (`jnp.SCALE = 2.0`), which `no_globals` judges;
a submodule bound to its package by an import is neither.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import operator
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

from ..both_sides.events import LIBRARY, Emit

__all__ = ["EXEMPT", "LibraryWatch"]

# An object's identity without `id()`, which raises an audit event per call; bound before student code exists.
identity: Callable[[Any], int] = object.__hash__

# (module or class, name): behaviour rebound by the library itself while it works. Found by grading the
# corpus, the samples and the honest notebooks with every change recorded (see docs/security.md). Data
# a library rebinds from its own code (JAX's `compilation_cache._cache_initialized`, the flags of
# `weakref.finalize`) is no patch and needs no entry.
EXEMPT: frozenset[tuple[str, str]] = frozenset({
    # `warnings.catch_warnings()`, which NumPy, JAX and notebooks enter and leave all the time, rebinds
    # these three on the way in and back on the way out.
    ("warnings", "filters"), ("warnings", "showwarning"), ("warnings", "_showwarnmsg_impl"),
    # `logging.captureWarnings(True)`, a logging set-up at load, keeps `warnings.showwarning` here.
    ("logging", "_warnings_showwarning"),
})
# A whole namespace whose every name its library rebinds as it works.
EXEMPT_NAMESPACES: frozenset[str] = frozenset()

_ADDED, _MODIFIED, _DELETED, _CLONED, _CLEARED, _DEALLOCATED = range(6)
_EVENT_NAMES = ("added", "rebound", "deleted", "replaced", "cleared", "freed")
_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
_MAX_REPORTS = 200
# Library functions whose referents are read in one call: 16.5k functions make 65 blocks.
_BLOCK = 256

_is = operator.is_
_values = operator.methodcaller("values")
_code = operator.attrgetter("__code__")
_defaults = operator.attrgetter("__defaults__")
_kwdefaults = operator.attrgetter("__kwdefaults__")


def _namespaces(submission: str) -> list[tuple[str, Any]]:
    """(label, mapping): every module's namespace, and the dict of every class a module defines; not
    the submission's own module, whose globals are its to change."""
    found: list[tuple[str, Any]] = []
    seen: set[int] = set()  # by `identity`: `id()` raises an audit event a call
    for name, module in sorted(sys.modules.items()):
        if not isinstance(module, types.ModuleType) or name in ("__main__", submission):
            continue
        namespace = vars(module)
        if identity(namespace) in seen:
            continue
        seen.add(identity(namespace))
        found.append((name, namespace))
        for value in list(namespace.values()):
            if isinstance(value, type) and value.__module__ == name and identity(value.__dict__) not in seen:
                seen.add(identity(value.__dict__))
                found.append((f"{name}.{value.__qualname__}", value.__dict__))
    return found


class LibraryWatch:
    """The record of every library namespace, the watchers on them, and the full comparison."""

    def __init__(self, emit: Emit, student_files: set[str], submission: str) -> None:
        self._emit = emit
        self._student_files = student_files
        self._dumps: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode
        self._getframe: Callable[[int], Any] = sys._getframe
        self._cast = ctypes.cast
        self._object = ctypes.py_object
        spaces = _namespaces(submission)
        self._labels = [label for label, _ in spaces]
        self._spaces = [space for _, space in spaces]
        # What each namespace held before student code ran, by name (the watchers' "known" names), and
        # as the last comparison saw it, in order (for the quick check).
        self._records = [dict(space) for space in self._spaces]
        self._keys = [frozenset(record) for record in self._records]
        self._seen = [tuple(_values(space)) for space in self._spaces]
        self._seen_sizes = list(map(len, self._spaces))
        # Each once, though many are re-exported by several modules (a change is then told once).
        self._functions = tuple(dict.fromkeys(functions_within(itertools.chain.from_iterable(self._seen))))
        self._codes = list(map(_code, self._functions))
        self._defaults = list(map(_defaults, self._functions))
        self._kwdefaults = list(map(_kwdefaults, self._functions))
        # The functions in blocks, each block's referents read in one call: a block whose list changed
        # (a `__dict__` made on first read, somewhere in it) is the only one read function by function.
        self._blocks = tuple(range(start, min(start + _BLOCK, len(self._functions)))
                             for start in range(0, len(self._functions), _BLOCK))
        self._held = [function_referents(self._functions[block.start:block.stop]) for block in self._blocks]
        self.reported = 0
        # (namespace's `identity`, name) a line of the submission's own set: what it planted in a library.
        self.set_by_student: set[tuple[int, str]] = set()
        self._busy = False
        self._watcher = -1
        self._by_address: dict[int, int] = {}
        self._callback = _CALLBACK(self._on_change)
        self._watch()

    # ----------------------------------------------------------------- watching
    def _watch(self) -> None:
        api = ctypes.pythonapi
        add = api.PyDict_AddWatcher
        add.argtypes, add.restype = [_CALLBACK], ctypes.c_int
        watch = api.PyDict_Watch
        watch.argtypes, watch.restype = [ctypes.c_int, ctypes.py_object], ctypes.c_int
        self._watcher = add(self._callback)
        for index, space in enumerate(self._spaces):
            target = space if type(space) is dict else _underlying(space)
            if target is not None and watch(self._watcher, target) == 0:
                self._by_address[id(target)] = index

    def _on_change(self, event: int, address: int | None, key: int | None, new: int | None) -> int:
        """Called by CPython before a watched dict changes; must never raise or change a dict itself."""
        if self._busy or self.reported >= _MAX_REPORTS or address is None:
            return 0
        index = self._by_address.get(address)
        if index is None:
            return 0
        if event == _DEALLOCATED:
            del self._by_address[address]
            return 0
        self._busy = True
        try:
            label = self._labels[index]
            name = self._cast(key, self._object).value if key else ""
            value = self._cast(new, self._object).value if new else None
            caller = self._getframe(1)
            by_student = caller.f_code.co_filename in self._student_files
            if by_student and isinstance(name, str) and event in (_ADDED, _MODIFIED):
                # Set by a line of the submission's own: data it planted (a library that sets its own
                # globals as it works, `tempfile._name_sequence`, plants nothing).
                self.set_by_student.add((identity(self._spaces[index]), name))
            known = event in (_CLONED, _CLEARED) or name in self._keys[index]
            if not known or self._exempt(label, name, event, value):
                return 0  # a name added is planted data, which no_globals judges, not a patch
            # A patch: the submission's own line changed it, or what the name holds is behaviour (a
            # function, a class, a module) taken away or put in, whoever did it. A library that rebinds
            # its own data as it works (a flag, a cache) is neither.
            old = self._spaces[index].get(name) if isinstance(name, str) else None
            if not (by_student or _behaviour(old) or _behaviour(value)):
                return 0
            filename, line = self._student_line()
            self.reported += 1
            self._emit(LIBRARY, self._dumps({
                "namespace": label[:120], "name": (name if isinstance(name, str) else repr(name))[:80],
                "event": _EVENT_NAMES[event], "known": True, "filename": filename, "line": line,
                "type": type(value).__name__[:60] if value is not None else "",
            }).encode())
        except Exception:  # noqa: BLE001 - the callback must never break the code that changed the dict
            pass
        finally:
            self._busy = False
        return 0

    def _exempt(self, label: str, name: str, event: int, value: Any) -> bool:
        if label in EXEMPT_NAMESPACES or (label, name) in EXEMPT:
            return True
        # An import binds a submodule to its parent package: `import jax.experimental` sets `jax.experimental`.
        return (event in (_ADDED, _MODIFIED) and isinstance(value, types.ModuleType)
                and value.__name__ == f"{label}.{name}")

    def _student_line(self) -> tuple[str, int]:
        """The innermost frame of the student's code on the stack, if any."""
        frame = self._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename in self._student_files:
                return frame.f_code.co_filename, frame.f_lineno
            frame = frame.f_back
        return "", 0

    # --------------------------------------------------------------- comparing
    def check(self, request: dict[str, Any]) -> dict[str, Any]:
        """The `library_check` request: what `compare` finds."""
        return {"changed": self.compare()}

    def compare(self) -> list[str]:
        """Namespaces and functions whose recorded identities changed since the record was taken,
        outside the exempt names: what the watchers could not have seen.

        Every namespace is read again, whatever the watchers said: a watcher's callback is Python, and a
        change made where no Python frame can start (at the recursion limit) reaches no callback. The
        identities are compared in C, a few milliseconds for every namespace of the process.
        Each change is reported once: the record moves on to what was found (`_seen`, `_codes`...).
        """
        changed: list[str] = []
        for index, space in enumerate(self._spaces):
            if len(space) != self._seen_sizes[index] or not all(map(_is, self._seen[index], _values(space))):
                changed += self._changed_names(index)
                self._seen[index] = tuple(_values(space))
                self._seen_sizes[index] = len(space)
        functions, codes, defaults, kwdefaults = self._functions, self._codes, self._defaults, self._kwdefaults
        for number, block in enumerate(self._blocks):
            held = function_referents(functions[block.start:block.stop])
            if same_objects(held, self._held[number]):
                continue
            # Something a function of the block holds changed (often only a `__dict__` or annotations
            # made on first read): which code or defaults, if any, is read one function at a time.
            self._held[number] = held
            for index in block:
                function = functions[index]
                code, now_defaults, now_kwdefaults = function.__code__, function.__defaults__, function.__kwdefaults__
                if code is not codes[index] or now_defaults is not defaults[index] \
                        or now_kwdefaults is not kwdefaults[index]:
                    changed.append(f"{function.__module__}.{function.__qualname__}.__code__")
                    codes[index], defaults[index], kwdefaults[index] = code, now_defaults, now_kwdefaults
        return changed[:20]

    def _changed_names(self, index: int) -> list[str]:
        """The recorded names of one namespace whose behaviour was rebound or removed since the last
        comparison; names added since are state (judged by `no_globals`), not patches."""
        changed: list[str] = []
        label, space, record = self._labels[index], self._spaces[index], self._records[index]
        for name in sorted(record, key=str):
            now, was = space.get(name, _MISSING), record[name]
            if was is now:
                continue
            record[name] = now
            # Behaviour rebound or removed; data a library rebinds as it works is its own business.
            if isinstance(name, str) and (_behaviour(was) or _behaviour(now)) \
                    and not self._exempt(label, name, _MODIFIED, now):
                changed.append(f"{label}.{name}")
        return changed


def function_referents(functions: tuple[types.FunctionType, ...]) -> list[Any]:
    """What each function holds, as the interpreter lists it (code first, then globals, module,
    defaults, keyword defaults and the rest), each function's list closed by a marker: one pass in C.

    Reading `__code__`, `__defaults__` or `__kwdefaults__` raises an audit event per read, which
    costs the process's audit hook a call each: tens of milliseconds for the library's functions.
    This raises one. Code opens each function's list, so a different code object is a different
    list; the marker keeps one function's objects from standing in for another's."""
    return _get_referents(*itertools.chain.from_iterable(zip(functions, itertools.repeat(_MARKER_HOLDER))))


def functions_within(values: Iterable[Any]) -> tuple[types.FunctionType, ...]:
    """The Python functions among `values`, and those behind the staticmethods, classmethods and
    properties among them (their code runs as the class's, and neither wrapper has a `__code__`)."""
    found: list[types.FunctionType] = []
    for value in values:
        kind = type(value)
        if kind is types.FunctionType:
            found.append(value)
        elif kind is staticmethod or kind is classmethod:
            inner = value.__func__
            if type(inner) is types.FunctionType:
                found.append(inner)
        elif kind is property:
            found += [part for part in (value.fget, value.fset, value.fdel) if type(part) is types.FunctionType]
    return tuple(found)


def same_objects(now: list[Any], before: list[Any]) -> bool:
    """Whether two lists hold the very same objects, in order: compared by identity, in C, so no
    `__eq__` of anyone's runs."""
    return len(now) == len(before) and all(map(_is, now, before))


# Held by no one else: what closes each function's list in `function_referents`.
_MARKER = object()
_MARKER_HOLDER = (_MARKER,)
_get_referents: Callable[..., list[Any]] = __import__("gc").get_referents


def _behaviour(value: Any) -> bool:
    """Whether a namespace entry is code (a function, method, class or module) rather than data."""
    return isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type,
                              types.ModuleType, staticmethod, classmethod, property)) \
        or type(value).__name__ in _ROUTINE_TYPES


# Callable library objects that stand for functions: NumPy's ufuncs and array functions, JAX's jitted
# functions, functools' wrappers, C methods.
_ROUTINE_TYPES = frozenset({"ufunc", "_ArrayFunctionDispatcher", "PjitFunction", "partial", "_lru_cache_wrapper",
                            "method_descriptor", "wrapper_descriptor", "builtin_function_or_method",
                            "classmethod_descriptor", "getset_descriptor", "member_descriptor",
                            "cython_function_or_method", "fused_cython_function", "custom_jvp", "custom_vjp"})


def _underlying(proxy: Any) -> dict[str, Any] | None:
    """The dict behind a class's `mappingproxy`, which the watcher needs (no copy, no student code)."""
    import gc

    for referent in gc.get_referents(proxy):
        if type(referent) is dict:
            return referent
    return None


_MISSING = object()
