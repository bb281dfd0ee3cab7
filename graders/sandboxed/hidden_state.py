"""What a graded function reads and changes beyond its arguments, found two ways.

Reading the code: the function's bytecode, and its own helpers' (reached
through globals, closures and the classes it uses), names the module-level
data it loads or assigns, with the line: globals, data attributes of the
submission's own classes (`Config.THRESHOLD`), and names the submission
planted elsewhere while its cells loaded (`builtins.SCALE = 2.0`, then
`SCALE`; `jnp.SCALE = 2.0`, then `jnp.SCALE`).

Watching it run: a call the judge picks runs a copy of the function whose
globals are a dict subclass that records every name looked up (CPython
falls back to `__getitem__` when globals are not an exact dict, and to the
builtins when that raises KeyError), so a name read through `globals()[...]`
or a helper is seen too. The module object's class is swapped for one that
records attribute reads, which sees `sys.modules[__name__].X` and
`vars(module)`; so are the classes of imported modules holding planted names.
Everything the submission owns at module level (data, class attributes,
function defaults, closure cells, function and instance attributes,
`lru_cache` statistics) is fingerprinted before and after the call, and
every imported module's namespace is compared by identity: what changed is
hidden state, whichever way it was reached. State the fingerprint cannot
read (an iterator it cannot look into without advancing it, an opaque
mutable object) is reported as such rather than taken for unchanged.

Probes report; the judge decides.
"""

from __future__ import annotations

import array
import builtins
import collections
import dis
import functools
import hashlib
import inspect
import io
import itertools
import operator
import sys
import types
from collections.abc import Callable, Iterator, Sized
from typing import Any, cast

import jax
import numpy as np

from .calls import Calls, block, prepare_arguments

__all__ = ["GlobalUses", "ModulesBeforeLoad", "Planted", "find_hidden_state", "fingerprint", "merged",
           "static_global_uses"]

_MAX_FINDINGS = 50
_FINGERPRINT_DEPTH = 5
_FINGERPRINT_ITEMS = 2000
_UNREADABLE = "unreadable"


def _is_data(value: Any) -> bool:
    """Module-level values a pure function must not depend on: anything that is not code."""
    return not (inspect.ismodule(value) or inspect.isclass(value) or callable(value))


def _is_dunder(name: Any) -> bool:
    # `__name__` and friends: reading them is how code reaches its module, which is watched itself.
    return isinstance(name, str) and name.startswith("__") and name.endswith("__")


def _unwrapped(value: Any) -> Any:
    """The Python function behind jit, partial and decorators (bounded)."""
    for _ in range(8):
        if isinstance(value, functools.partial):
            value = value.func
        elif not isinstance(value, types.FunctionType) and hasattr(value, "__wrapped__"):
            value = value.__wrapped__
        else:
            break
    for _ in range(8):  # bounded: a function may name itself as its own `__wrapped__`
        if not (isinstance(value, types.FunctionType) and hasattr(value, "__wrapped__")):
            break
        value = value.__wrapped__
    return value


def _lru_layers(value: Any) -> list[Any]:
    """The `functools.lru_cache` wrappers on the way from `value` to the function it wraps."""
    layers = []
    for _ in range(8):
        if isinstance(value, functools._lru_cache_wrapper):
            layers.append(value)
        if isinstance(value, functools.partial):
            value = value.func
        elif hasattr(value, "__wrapped__") and not isinstance(value, type):
            value = value.__wrapped__
        else:
            break
    return layers


class _Findings:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, name: str, access: str, function: str, filename: str, line: int, type_name: str = "",
            part: str = "", change: dict[str, Any] | None = None) -> None:
        """One finding. access: read (`part`: where the data lives: "" a global, `class`, `builtins`
        or `module`), write, namespace (the module's whole namespace), or state (`part` of `name`,
        of kind `type_name`, changed by the call as `change` says)."""
        key = (name, access, part, filename, line)
        if len(self.items) >= _MAX_FINDINGS:
            return
        if any((f["name"], f["access"], f["part"], f["filename"], f["line"]) == key for f in self.items):
            return
        self.items.append({"name": name, "access": access, "function": function, "filename": filename,
                           "line": line, "type": type_name, "part": part, "change": change or {}})


# --------------------------------------------------------------------------- what loading planted
def _plain_modules(exclude: set[str]) -> list[tuple[str, types.ModuleType]]:
    return [(name, module) for name, module in list(sys.modules.items())
            if isinstance(module, types.ModuleType) and name not in exclude
            and not name.startswith(_RUNTIME_PACKAGE)]


_RUNTIME_PACKAGE = __name__.rsplit(".", 1)[0] + "."


class Planted:
    """Names the submission's cells added to, or rebound in, modules that existed before they ran:
    data kept there is module-level data as much as a global is."""

    def __init__(self, names: dict[str, tuple[types.ModuleType, frozenset[str]]] | None = None) -> None:
        self.names = names or {}
        self._by_id = {id(module): planted for module, planted in self.names.values()}

    def has(self, module: Any, attribute: str) -> bool:
        return attribute in self._by_id.get(id(module), ())

    def in_builtins(self, name: str) -> bool:
        return name in self._by_id.get(id(builtins), ())

    def modules(self) -> list[tuple[str, types.ModuleType, frozenset[str]]]:
        return [(name, module, planted) for name, (module, planted) in self.names.items()]


class ModulesBeforeLoad:
    """Every imported module's namespace, by identity, taken before student code runs."""

    def __init__(self, exclude: set[str]) -> None:
        self._exclude = exclude
        self._namespaces = {name: (module, dict(vars(module))) for name, module in _plain_modules(exclude)}

    def planted(self, namespace: dict[str, Any]) -> Planted:
        """Data names that loading the cells (whose globals are `namespace`) added or rebound
        (called right after they ran) in the modules the submission reaches: a library that
        sets its own globals lazily, or from a garbage-collection callback, plants nothing."""
        names: dict[str, tuple[types.ModuleType, frozenset[str]]] = {}
        reached = _reached_modules(namespace)
        for name, (module, before) in self._namespaces.items():
            if sys.modules.get(name) is not module or id(module) not in reached:
                continue
            namespace = vars(module)
            if len(namespace) == len(before) and all(map(operator.is_, before.values(), namespace.values())):
                continue  # unchanged, checked in C: the common case for hundreds of modules
            planted = frozenset(key for key, value in list(namespace.items())
                                if isinstance(key, str) and not _is_dunder(key) and _is_data(value)
                                and before.get(key, _MISSING) is not value)
            if planted:
                names[name] = (module, planted)
        return Planted(names)


_MISSING = object()


class GlobalUses:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls
        self.planted = Planted()
        self._before: ModulesBeforeLoad | None = None

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"global_uses": self.global_uses}

    def before_load(self) -> None:
        """Called just before the cells run: what every module holds of its own."""
        self._before = ModulesBeforeLoad({self.calls.submission.module.__name__})

    def after_load(self) -> None:
        """Called just after the cells ran: what they planted in other modules."""
        if self._before is not None:
            self.planted = self._before.planted(self.calls.submission.module.__dict__)
            self._before = None

    def global_uses(self, request: dict[str, Any]) -> dict[str, Any]:
        """Module-level data the function reads or writes (from its code), and, when the request
        carries a call, what that call read and changed at run time."""
        name = request["name"]
        submission = self.calls.submission
        module = submission.module
        findings = static_global_uses(submission.lookup(name), name, submission.filenames, module.__name__,
                                      self.planted)
        if "args" in request:
            args, kwargs = prepare_arguments(request["args"], request["kwargs"], "jax")

            def run(function: Callable[..., Any]) -> None:
                block(function(*args, **kwargs))

            # Keyed on the last dotted part: the code says `jnp.SCALE` where the run sees `jax.numpy.SCALE`.
            findings = merged(findings, find_hidden_state(name, module, submission.filenames, run, self.planted))
        return {"findings": findings[:_MAX_FINDINGS]}


def merged(static: list[dict[str, Any]], watched: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The code's findings, then what the call showed besides. Keyed on the last dotted part:
    the code says `jnp.SCALE` where the run sees `jax.numpy.SCALE`."""
    seen = {(f["name"].rsplit(".", 1)[-1], f["access"], f["line"]) for f in static}
    return static + [f for f in watched if (f["name"].rsplit(".", 1)[-1], f["access"], f["line"]) not in seen]


def _reached_modules(namespace: dict[str, Any]) -> set[int]:
    """The modules the submission's globals hold, their submodules (`jax.numpy` from `jax`), and
    `builtins`: where it can plant or keep data without naming another module."""
    modules = [value for value in list(namespace.values()) if inspect.ismodule(value)]
    reached = {id(builtins)} | {id(module) for module in modules}
    for module in modules:
        reached |= {id(value) for value in list(vars(module).values()) if inspect.ismodule(value)}
    return reached


# --------------------------------------------------------------------------- reading the code
_ATTRIBUTE_OPS = ("LOAD_ATTR", "LOAD_METHOD")


class _BytecodeWalker:
    """Walks a function's bytecode, and its own helpers', for module-level names."""

    def __init__(self, filenames: set[str], module_name: str, findings: _Findings, planted: Planted) -> None:
        self.filenames = filenames
        self.module_name = module_name
        self.findings = findings
        self.planted = planted
        self.seen: set[int] = set()

    def visit_callable(self, value: Any, owner: str) -> None:
        value = _unwrapped(value)
        if inspect.isclass(value):
            self._visit_class(value)
            return
        if isinstance(value, types.MethodType):
            value = value.__func__
        elif not isinstance(value, types.FunctionType) and self._own_class(type(value)):
            # An instance of the submission's own class graded as a function: its `__call__` is the code.
            self._visit_class(type(value))
            return
        if not isinstance(value, types.FunctionType):
            return
        if value.__code__.co_filename not in self.filenames or id(value.__code__) in self.seen:
            return
        for cell in value.__closure__ or ():
            try:
                contents = cell.cell_contents
            except ValueError:
                continue
            if callable(contents):
                self.visit_callable(contents, getattr(contents, "__name__", owner))
        self._visit_code(value.__code__, value.__globals__, owner)

    def _own_class(self, value: Any) -> bool:
        return inspect.isclass(value) and getattr(value, "__module__", None) == self.module_name

    def _visit_class(self, klass: type) -> None:
        if not self._own_class(klass) or id(klass) in self.seen:
            return
        self.seen.add(id(klass))
        for attribute, member in vars(klass).items():
            member = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
            if isinstance(member, types.FunctionType):
                self.visit_callable(member, f"{klass.__name__}.{attribute}")

    def _class_member(self, klass: type, attribute: str) -> Any:
        """The attribute as the class itself defines it (no descriptor or metaclass code runs)."""
        for base in klass.__mro__:
            if attribute in vars(base):
                return vars(base)[attribute]
        return _MISSING

    def _builtins(self, namespace: dict[str, Any]) -> dict[str, Any]:
        found = namespace.get("__builtins__", builtins)
        return found if isinstance(found, dict) else vars(found)

    def _visit_code(self, code: types.CodeType, namespace: dict[str, Any], owner: str) -> None:
        if id(code) in self.seen:
            return
        self.seen.add(id(code))
        # What the previous instruction left on the stack, while it is a chain of attribute reads
        # on a global (`jnp.SCALE`, `Config.THRESHOLD`, `jax.numpy.SCALE`): (text, value).
        chain: tuple[str, Any] | None = None
        for instruction in dis.get_instructions(code):
            opname = instruction.opname
            name = instruction.argval
            line = (instruction.positions.lineno if instruction.positions else None) or 0
            if opname in _ATTRIBUTE_OPS and chain is not None and isinstance(name, str):
                chain = self._attribute(chain, name, owner, code.co_filename, line)
                continue
            chain = None
            if opname not in ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME"):
                continue
            if opname in ("STORE_GLOBAL", "DELETE_GLOBAL"):
                self.findings.add(name, "write", owner, code.co_filename, line)
                continue
            if _is_dunder(name):
                continue  # module metadata
            if name not in namespace:
                # Not a global: a builtin, perhaps one the submission planted there, or a NameError.
                value = self._builtins(namespace).get(name, _MISSING)
                if value is _MISSING:
                    continue
                if self.planted.in_builtins(name) and _is_data(value):
                    self.findings.add(name, "read", owner, code.co_filename, line, type(value).__name__, "builtins")
                elif callable(value):
                    self.visit_callable(value, name)
                continue
            value = namespace[name]
            if _is_data(value):
                self.findings.add(name, "read", owner, code.co_filename, line, type(value).__name__)
            else:
                self.visit_callable(value, name)
                chain = (name, value)
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                self._visit_code(constant, namespace, owner)

    def _attribute(self, chain: tuple[str, Any], attribute: str, owner: str, filename: str,
                   line: int) -> tuple[str, Any] | None:
        """One `.attribute` read on a module or class reached from a global; the chain goes on."""
        text, value = chain
        text = f"{text}.{attribute}"
        if inspect.ismodule(value):
            member = vars(value).get(attribute, _MISSING)
            where = "module"
            planted = self.planted.has(value, attribute)
        elif self._own_class(value):
            member = self._class_member(value, attribute)
            where = "class"
            planted = not _is_dunder(attribute)
        else:
            return None
        if member is _MISSING:
            return None
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if planted and _is_data(member):
            self.findings.add(text, "read", owner, filename, line, type(member).__name__, where)
            return None
        if callable(member) and not inspect.isclass(member):
            self.visit_callable(member, text)
        return (text, member) if inspect.ismodule(member) or inspect.isclass(member) else None


def static_global_uses(root: Any, root_name: str, filenames: set[str], module_name: str,
                       planted: Planted | None = None) -> list[dict[str, Any]]:
    findings = _Findings()
    _BytecodeWalker(filenames, module_name, findings, planted or Planted()).visit_callable(root, root_name)
    return findings.items


# --------------------------------------------------------------------------- watching it run
class _Watch:
    """What the watched call reads; active only while the call runs."""

    def __init__(self, filenames: set[str], findings: _Findings, planted: Planted) -> None:
        self.filenames = filenames
        self.findings = findings
        self.planted = planted
        self.looked_up: set[str] = set()

    def _student_frame(self) -> types.FrameType | None:
        """The frame that asked, past this module's own frames, if it is the student's."""
        frame: types.FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename == __file__:
            frame = frame.f_back
        return frame if frame is not None and frame.f_code.co_filename in self.filenames else None

    def _add_read(self, name: str, value: Any, where: str = "") -> None:
        frame = self._student_frame()
        if frame is not None:
            self.findings.add(name, "read", frame.f_code.co_name, frame.f_code.co_filename, frame.f_lineno,
                              type(value).__name__, where)

    def global_read(self, name: str, value: Any) -> None:
        self.looked_up.add(name)
        if not _is_dunder(name) and _is_data(value):
            self._add_read(name, value)

    def global_missing(self, name: str) -> None:
        """A global lookup that missed the module: CPython goes on to the builtins."""
        if self.planted.in_builtins(name):
            value = vars(builtins).get(name, _MISSING)
            if value is not _MISSING and _is_data(value):
                self._add_read(name, value, "builtins")

    def module_attribute(self, name: str, value: Any) -> None:
        frame = self._student_frame()
        if frame is None:
            return
        if name == "__dict__":
            self.findings.add("__dict__", "namespace", frame.f_code.co_name, frame.f_code.co_filename,
                              frame.f_lineno, "dict")
        elif not _is_dunder(name) and _is_data(value):
            self.findings.add(name, "read", frame.f_code.co_name, frame.f_code.co_filename, frame.f_lineno,
                              type(value).__name__)

    def library_attribute(self, module: types.ModuleType, name: str, value: Any) -> None:
        if self.planted.has(module, name) and _is_data(value):
            self._add_read(f"{module.__name__}.{name}", value, "module")


_ACTIVE: list[_Watch] = []


class _WatchedModule(types.ModuleType):
    """The submission module's class while a watched call runs: it records attribute reads."""

    def __getattribute__(self, name: str) -> Any:
        value = super().__getattribute__(name)
        if _ACTIVE:
            _ACTIVE[-1].module_attribute(name, value)
        return value


class _WatchedLibraryModule(types.ModuleType):
    """The class of an imported module holding planted names while a watched call runs."""

    def __getattribute__(self, name: str) -> Any:
        value = super().__getattribute__(name)
        if _ACTIVE:
            _ACTIVE[-1].library_attribute(self, name, value)
        return value


class _WatchedGlobals(dict[str, Any]):
    """A copy of the module namespace that records reads and hands out watched helpers."""

    def __init__(self, namespace: dict[str, Any], watch: _Watch, filenames: set[str]) -> None:
        super().__init__(namespace)
        self._watch = watch
        self._filenames = filenames
        self._clones: dict[int, Any] = {}

    def __getitem__(self, name: str) -> Any:
        try:
            value = dict.__getitem__(self, name)
        except KeyError:
            self._watch.global_missing(name)
            raise
        self._watch.global_read(name, value)
        return self.watched(value)

    # dict.get bypasses __getitem__; a read through it must be watched too.
    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default

    def watched(self, value: Any) -> Any:
        """A submission function as a copy that runs with these globals; anything else as it is."""
        if _lru_layers(value):
            # The copy would bypass the cache, whose statistics are state the call must be seen to change.
            return value
        function = _unwrapped(value)
        if not isinstance(function, types.FunctionType) or function.__code__.co_filename not in self._filenames:
            return value
        if id(function) not in self._clones:
            clone = types.FunctionType(function.__code__, self, function.__name__, function.__defaults__,
                                       function.__closure__)
            clone.__kwdefaults__ = function.__kwdefaults__
            # Shared, not copied: an attribute the call sets on "itself" lands on the real function.
            clone.__dict__ = function.__dict__
            self._clones[id(function)] = clone
        return self._clones[id(function)]


def find_hidden_state(root_name: str, module: types.ModuleType, filenames: set[str],
                      call: Callable[[Callable[..., Any]], Any],
                      planted: Planted | None = None) -> list[dict[str, Any]]:
    """Run `call(watched copy of the function)` once and report what it read and changed.

    `call` receives the watched function and calls it on the judge's input; an
    exception it raises ends the call and is not reported here.
    """
    planted = planted or Planted()
    findings = _Findings()
    namespace = module.__dict__
    watch = _Watch(filenames, findings, planted)
    watched_globals = _WatchedGlobals(namespace, watch, filenames)
    target = watched_globals.watched(namespace.get(root_name))
    before = _module_state(namespace, module.__name__, planted)
    libraries_before = _library_namespaces(namespace, module.__name__, planted)
    copied_before = dict(watched_globals)
    original_class = module.__class__
    swapped = [library for _, library, _ in planted.modules() if type(library) is types.ModuleType]
    _ACTIVE.append(watch)
    try:
        module.__class__ = _WatchedModule
        for library in swapped:
            library.__class__ = _WatchedLibraryModule
        call(target)
    except BaseException:  # noqa: BLE001 - student code may raise anything; correctness reports it
        pass
    finally:
        for library in swapped:
            library.__class__ = types.ModuleType
        module.__class__ = original_class
        _ACTIVE.pop()
    for name in sorted(set(watched_globals) | set(copied_before)):
        if name not in copied_before or name not in watched_globals \
                or dict.get(watched_globals, name) is not copied_before.get(name):
            findings.add(name, "write", root_name, "", 0)
    after = _module_state(namespace, module.__name__, planted)
    for key in sorted(set(before) | set(after)):
        if before.get(key, ("",))[0] != after.get(key, ("",))[0]:
            owner, kind, part = key
            findings.add(owner, "state", root_name, "", 0, kind, part,
                         _change(before.get(key), after.get(key)))
    _library_changes(libraries_before, root_name, findings)
    # What the call reached but the fingerprint cannot read: not evidence of purity.
    reached = watch.looked_up | {root_name}
    reported = {f["name"] for f in findings.items}
    for (owner, kind, part), (text, _summary) in sorted(after.items()):
        if owner in reached and owner not in reported and text.startswith(_UNREADABLE):
            findings.add(owner, "state", root_name, "", 0, kind, part,
                         {"kind": "unreadable", "type": text.split("|", 1)[1]})
    return findings.items


# --------------------------------------------------------------------------- imported modules
def _library_namespaces(namespace: dict[str, Any], submission_name: str,
                        planted: Planted) -> list[tuple[str, types.ModuleType, dict[str, Any]]]:
    """Shallow copies of the namespaces of the imported modules the submission reaches (see
    `_library_changes`): tens of modules, not the hundreds JAX imports."""
    reached = _reached_modules(namespace) | {id(module) for _, module, _ in planted.modules()}
    return [(name, module, dict(vars(module))) for name, module in _plain_modules({submission_name})
            if id(module) in reached]


def _library_changes(before: list[tuple[str, types.ModuleType, dict[str, Any]]], root_name: str,
                     findings: _Findings) -> None:
    """Data names the call added to, rebound in or removed from an imported module (`math._calls += 1`).

    A library may set its own globals lazily (a cache filled on first use, a garbage-collection
    callback's timer), so a change counts only in the modules the submission reaches."""
    for name, module, old in before:
        current = vars(module)
        if len(current) == len(old) and all(map(operator.is_, old.values(), current.values())):
            continue  # unchanged, checked in C
        for attribute in sorted(set(old) | set(current), key=str):
            if not isinstance(attribute, str) or _is_dunder(attribute):
                continue
            was, now = old.get(attribute, _MISSING), current.get(attribute, _MISSING)
            if was is now or not any(value is not _MISSING and _is_data(value) for value in (was, now)):
                continue
            findings.add(name, "state", root_name, "", 0, "module", attribute,
                         _change(None if was is _MISSING else _state_entry(was),
                                 None if now is _MISSING else _state_entry(now)))
    # Planted containers changed in place keep their identity: compared by fingerprint.


def _state_entry(value: Any) -> tuple[str, tuple[Any, ...]]:
    reader = _Reader()
    return reader.fingerprint(value, _FINGERPRINT_DEPTH), _summary(value, reader)


def _change(before: tuple[str, tuple[Any, ...]] | None,
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
                return {**_change(old[2].get(attribute), new[2].get(attribute)), "attribute": attribute}
    return {"kind": "contents", "type": new[1] if len(new) > 1 else ""}


# --------------------------------------------------------------------------- state fingerprints
def _module_state(namespace: dict[str, Any], module_name: str,
                  planted: Planted | None = None) -> dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]]:
    """(owner, kind, part) -> (fingerprint, summary), for everything the submission owns at module level,
    and the data it planted in other modules."""
    state: dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]] = {}
    reader = _Reader(_FINGERPRINT_ITEMS * 10)
    for name, value in list(namespace.items()):
        if _is_dunder(name):
            continue
        for kind, part, member in _owned_parts(value, module_name):
            state[(name, kind, part)] = (reader.fingerprint(member, _FINGERPRINT_DEPTH), _summary(member, reader))
    for module_name_, module, names in (planted.modules() if planted else ()):
        current = vars(module)
        for attribute in sorted(names):
            if attribute in current:
                member = current[attribute]
                state[(module_name_, "module", attribute)] = (reader.fingerprint(member, _FINGERPRINT_DEPTH),
                                                              _summary(member, reader))
    return state


_SEQUENCES = (list, tuple, set, frozenset, dict, collections.deque, array.array, bytearray)


def _summary(value: Any, reader: _Reader, depth: int = 1) -> tuple[Any, ...]:
    """What a change is described by: a container's length, a number's value, an object's attributes."""
    kind = type(value)
    if isinstance(value, _SEQUENCES):
        base: type[Sized] = next(base for base in _SEQUENCES if isinstance(value, base))
        return ("items", kind.__name__, base.__len__(value))
    if kind in (int, float):
        return ("number", value)
    if isinstance(value, functools._lru_cache_wrapper):
        info = functools._lru_cache_wrapper.cache_info(value)
        return ("cache", info.hits + info.misses)
    if depth > 0 and kind not in _SCALARS and not (inspect.ismodule(value) or inspect.isclass(value)
                                                   or inspect.isroutine(value)):
        attributes = _instance_dict(value)
        if attributes is not None:
            return ("object", kind.__name__,
                    {str(key): (reader.fingerprint(item, _FINGERPRINT_DEPTH - 1), _summary(item, reader, depth - 1))
                     for key, item in list(attributes.items())[:_FINGERPRINT_ITEMS]})
    return ("value", kind.__name__)


def _owned_parts(value: Any, module_name: str) -> Iterator[tuple[str, str, Any]]:
    """(kind, part, member): the mutable places reachable from one module-level value."""
    for layer in _lru_layers(value):
        yield "cache", "", layer
    function = _unwrapped(value)
    if isinstance(function, types.FunctionType) and function.__module__ == module_name:
        code = function.__code__
        for cell_name, cell in zip(code.co_freevars, function.__closure__ or ()):
            try:
                contents = cell.cell_contents
            except ValueError:
                continue
            yield "closure", cell_name, contents
        positional = code.co_varnames[:code.co_argcount]
        defaults = function.__defaults__ or ()
        for parameter, default in zip(positional[len(positional) - len(defaults):], defaults):
            yield "default", parameter, default
        for parameter, default in (function.__kwdefaults__ or {}).items():
            yield "default", parameter, default
        for attribute, member in vars(function).items():
            if attribute != "__wrapped__":
                yield "attribute", attribute, member
        return
    if inspect.isclass(value):
        if value.__module__ == module_name:
            for attribute, member in list(vars(value).items()):
                if not _is_dunder(attribute) and _is_data(member):
                    yield "class", attribute, member
        return
    # Data, and objects of the submission's own classes (a callable counter object, say);
    # library objects such as a jitted library function keep internal caches of their own.
    if _is_data(value) or getattr(type(value), "__module__", None) == module_name:
        yield "global", "", value


_SCALARS = (type(None), bool, int, float, complex, str, bytes)


def _instance_dict(value: Any) -> dict[str, Any] | None:
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
                    found.append((f"{klass.__name__}.{slot}", _MISSING))
    return found if any_slots else None


def _type_defines(kind: type, name: str) -> bool:
    """Whether the type or a base defines `name`, looked up without running any code."""
    return any(name in vars(klass) for klass in kind.__mro__)


def _digest(parts: list[str]) -> str:
    return hashlib.sha1(",".join(parts).encode()).hexdigest()[:16]


class _Reader:
    """Fingerprints with a shared budget. Containers are read through their base type's own methods
    (`dict.items(obj)`, `list.copy(obj)`), so no `__iter__`, `__repr__` or `__eq__` a student
    defined runs while the state is read, and no iterator is advanced."""

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
            return (f"scalar:{hashlib.sha1(text.encode()).hexdigest()[:16]}|"
                    f"{text if len(text) <= 40 else text[:37] + '...'}")
        met = self.unreadable
        parts = self._contents(value, depth)
        if parts is None:
            return self._opaque(value)
        attributes = _instance_dict(value)
        if attributes is not None:
            parts += [f"{key}={self.fingerprint(item, depth - 1)}" for key, item in list(attributes.items())]
        return f"{_UNREADABLE if self.unreadable > met else 'contents'}:{_digest(parts)}|{kind.__name__}"

    def _items(self, values: Any, depth: int, ordered: bool = True) -> list[str]:
        parts = [self.fingerprint(item, depth - 1) for item in list(values)[:_FINGERPRINT_ITEMS]]
        return parts if ordered else sorted(parts)

    def _contents(self, value: Any, depth: int) -> list[str] | None:
        """What the value holds, as parts to hash; None when it is no container this knows."""
        if isinstance(value, np.ndarray):
            plain = np.ndarray.view(value, np.ndarray)
            return [f"{plain.dtype.str}{plain.shape}", hashlib.sha1(np.ascontiguousarray(plain).view(np.uint8)
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
            return [value.typecode, hashlib.sha1(array.array.tobytes(value)).hexdigest()]
        if isinstance(value, (bytearray, memoryview, bytes)):
            try:
                return [hashlib.sha1(memoryview(value).tobytes()).hexdigest()]
            except ValueError:  # a released memoryview
                return ["released"]
        if isinstance(value, (io.StringIO, io.BytesIO)):
            try:
                if isinstance(value, io.StringIO):
                    return [repr(io.StringIO.getvalue(value)), str(io.StringIO.tell(value))]
                return [repr(io.BytesIO.getvalue(value)), str(io.BytesIO.tell(value))]
            except ValueError:  # closed
                return ["closed"]
        if isinstance(value, functools._lru_cache_wrapper):
            info = functools._lru_cache_wrapper.cache_info(value)
            return [f"lru:{id(value)}:{info.hits}:{info.misses}:{info.currsize}"]
        if isinstance(value, functools.partial):
            # `keywords` is a dict, whose contents are always a list.
            return ([f"func={id(value.func)}"] + self._items(value.args, depth)
                    + cast(list[str], self._contents(value.keywords, depth)))
        if isinstance(value, np.random.Generator):
            return self._contents(value.bit_generator.state, depth)
        if isinstance(value, np.random.RandomState):
            return self._contents(value.get_state(legacy=False), depth)
        if type(value) is itertools.count:
            # Its repr is its next value and step: reading it does not advance it.
            return [repr(value)]
        if inspect.isgenerator(value) or inspect.iscoroutine(value) or inspect.isasyncgen(value):
            frame = getattr(value, "gi_frame", None) or getattr(value, "cr_frame", None) \
                or getattr(value, "ag_frame", None)
            if frame is None:
                return ["finished"]
            # Where it is suspended and what its locals hold: advancing changes one or the other.
            return [f"at={frame.f_lasti}"] + [f"{key}={self.fingerprint(item, depth - 1)}"
                                             for key, item in list(frame.f_locals.items())]
        if (inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value)
                or isinstance(value, jax.Array)):
            return None
        slots = _slot_values(value)
        if slots is not None:
            return [f"{name}={'-' if item is _MISSING else self.fingerprint(item, depth - 1)}" for name, item in slots]
        if _instance_dict(value) is not None:
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
        if (inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value)
                or isinstance(value, jax.Array)):
            return f"ref:{id(value)}|{kind.__name__}"
        if _type_defines(kind, "__next__") or kind.__hash__ is None:
            self.unreadable += 1
            return f"{_UNREADABLE}:{id(value)}|{kind.__name__}"
        # Hashable library values (dtypes, enums, treedefs, numpy scalars) are immutable by contract:
        # identity is what a rebinding changes.
        return f"ref:{id(value)}|{kind.__name__}"


def fingerprint(value: Any, depth: int = _FINGERPRINT_DEPTH) -> str:
    """The fingerprint of one value (see `_Reader.fingerprint`)."""
    return _Reader().fingerprint(value, depth)
