"""What a graded function reads and changes beyond its arguments, found two ways.

Reading the code: the function's bytecode, and its own helpers' (reached
through globals, closures and the classes it uses), names the module-level
data it loads or assigns, with the line.

Watching it run: a call the judge picks runs a copy of the function whose
globals are a dict subclass that records every name looked up (CPython
falls back to `__getitem__` when globals are not an exact dict), so a name
read through `globals()[...]` or a helper is seen too. The module object's
class is swapped for one that records attribute reads, which sees
`sys.modules[__name__].X` and `vars(module)`. Everything the submission owns
at module level (data, class attributes, function defaults, closure cells,
function and instance attributes) is fingerprinted before and after the call:
what changed is hidden state, whichever way it was reached.

Probes report; the judge decides.
"""

from __future__ import annotations

import dis
import functools
import hashlib
import inspect
import sys
import types
from typing import Any, Callable, Iterator

import numpy as np

from .calls import Calls, block, prepare_arguments

__all__ = ["GlobalUses", "find_hidden_state", "static_global_uses"]

_MAX_FINDINGS = 50
_FINGERPRINT_DEPTH = 5
_FINGERPRINT_ITEMS = 2000


def _is_data(value: Any) -> bool:
    """Module-level values a pure function must not depend on: anything that is not code."""
    return not (inspect.ismodule(value) or inspect.isclass(value) or callable(value))


def _is_dunder(name: str) -> bool:
    # `__name__` and friends: reading them is how code reaches its module, which is watched itself.
    return name.startswith("__") and name.endswith("__")


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


class _Findings:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, name: str, access: str, function: str, filename: str, line: int, type_name: str = "",
            part: str = "", change: dict[str, Any] | None = None) -> None:
        """One finding. access: read, write, namespace (the module's whole namespace), or state
        (`part` of `name`, of kind `type_name`, changed by the call as `change` says)."""
        key = (name, access, part, filename, line)
        if len(self.items) >= _MAX_FINDINGS:
            return
        if any((f["name"], f["access"], f["part"], f["filename"], f["line"]) == key for f in self.items):
            return
        self.items.append({"name": name, "access": access, "function": function, "filename": filename,
                           "line": line, "type": type_name, "part": part, "change": change or {}})


class GlobalUses:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"global_uses": self.global_uses}

    def global_uses(self, request: dict[str, Any]) -> dict[str, Any]:
        """Module-level data the function reads or writes (from its code), and, when the request
        carries a call, what that call read and changed at run time."""
        name = request["name"]
        submission = self.calls.submission
        module = submission.module
        findings = static_global_uses(submission.lookup(name), name, submission.filenames, module.__name__)
        if "args" in request:
            args, kwargs = prepare_arguments(request["args"], request["kwargs"], "jax")

            def run(function: Callable[..., Any]) -> None:
                block(function(*args, **kwargs))

            seen = {(f["name"], f["access"], f["line"]) for f in findings}
            for finding in find_hidden_state(name, module, submission.filenames, run):
                if (finding["name"], finding["access"], finding["line"]) not in seen:
                    findings.append(finding)
        return {"findings": findings[:_MAX_FINDINGS]}


# --------------------------------------------------------------------------- reading the code
class _BytecodeWalker:
    """Walks a function's bytecode, and its own helpers', for module-level names."""

    def __init__(self, filenames: set[str], module_name: str, findings: _Findings) -> None:
        self.filenames = filenames
        self.module_name = module_name
        self.findings = findings
        self.seen: set[int] = set()

    def visit_callable(self, value: Any, owner: str) -> None:
        value = _unwrapped(value)
        if inspect.isclass(value):
            self._visit_class(value)
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

    def _visit_class(self, klass: type) -> None:
        if getattr(klass, "__module__", None) != self.module_name or id(klass) in self.seen:
            return
        self.seen.add(id(klass))
        for attribute, member in vars(klass).items():
            member = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
            if isinstance(member, types.FunctionType):
                self.visit_callable(member, f"{klass.__name__}.{attribute}")

    def _visit_code(self, code: types.CodeType, namespace: dict[str, Any], owner: str) -> None:
        if id(code) in self.seen:
            return
        self.seen.add(id(code))
        for instruction in dis.get_instructions(code):
            if instruction.opname not in ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME"):
                continue
            name = instruction.argval
            line = (instruction.positions.lineno if instruction.positions else None) or 0
            if instruction.opname in ("STORE_GLOBAL", "DELETE_GLOBAL"):
                self.findings.add(name, "write", owner, code.co_filename, line)
                continue
            if name not in namespace or _is_dunder(name):
                continue  # a builtin, a NameError the call itself will report, or module metadata
            value = namespace[name]
            if _is_data(value):
                self.findings.add(name, "read", owner, code.co_filename, line, type(value).__name__)
            else:
                self.visit_callable(value, name)
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                self._visit_code(constant, namespace, owner)


def static_global_uses(root: Any, root_name: str, filenames: set[str], module_name: str) -> list[dict[str, Any]]:
    findings = _Findings()
    _BytecodeWalker(filenames, module_name, findings).visit_callable(root, root_name)
    return findings.items


# --------------------------------------------------------------------------- watching it run
class _Watch:
    """What the watched call reads; active only while the call runs."""

    def __init__(self, filenames: set[str], findings: _Findings) -> None:
        self.filenames = filenames
        self.findings = findings

    def _student_frame(self) -> types.FrameType | None:
        """The frame that asked, past this module's own frames, if it is the student's."""
        frame: types.FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename == __file__:
            frame = frame.f_back
        return frame if frame is not None and frame.f_code.co_filename in self.filenames else None

    def global_read(self, name: str, value: Any) -> None:
        if _is_dunder(name) or not _is_data(value):
            return
        frame = self._student_frame()
        if frame is not None:
            self.findings.add(name, "read", frame.f_code.co_name, frame.f_code.co_filename, frame.f_lineno,
                              type(value).__name__)

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


_ACTIVE: list[_Watch] = []


class _WatchedModule(types.ModuleType):
    """The submission module's class while a watched call runs: it records attribute reads."""

    def __getattribute__(self, name: str) -> Any:
        value = super().__getattribute__(name)
        if _ACTIVE:
            _ACTIVE[-1].module_attribute(name, value)
        return value


class _WatchedGlobals(dict[str, Any]):
    """A copy of the module namespace that records reads and hands out watched helpers."""

    def __init__(self, namespace: dict[str, Any], watch: _Watch, filenames: set[str]) -> None:
        super().__init__(namespace)
        self._watch = watch
        self._filenames = filenames
        self._clones: dict[int, Any] = {}

    def __getitem__(self, name: str) -> Any:
        value = dict.__getitem__(self, name)
        self._watch.global_read(name, value)
        return self.watched(value)

    # dict.get bypasses __getitem__; a read through it must be watched too.
    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default

    def watched(self, value: Any) -> Any:
        """A submission function as a copy that runs with these globals; anything else as it is."""
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
                      call: Callable[[Callable[..., Any]], Any]) -> list[dict[str, Any]]:
    """Run `call(watched copy of the function)` once and report what it read and changed.

    `call` receives the watched function and calls it on the judge's input; an
    exception it raises ends the call and is not reported here.
    """
    findings = _Findings()
    namespace = module.__dict__
    watch = _Watch(filenames, findings)
    watched_globals = _WatchedGlobals(namespace, watch, filenames)
    target = watched_globals.watched(namespace.get(root_name))
    before = _module_state(namespace, module.__name__)
    copied_before = dict(watched_globals)
    original_class = module.__class__
    _ACTIVE.append(watch)
    try:
        module.__class__ = _WatchedModule
        call(target)
    except BaseException:  # noqa: BLE001 - student code may raise anything; correctness reports it
        pass
    finally:
        module.__class__ = original_class
        _ACTIVE.pop()
    for name in sorted(set(watched_globals) | set(copied_before)):
        if name not in copied_before or name not in watched_globals \
                or dict.get(watched_globals, name) is not copied_before.get(name):
            findings.add(name, "write", root_name, "", 0)
    after = _module_state(namespace, module.__name__)
    for key in sorted(set(before) | set(after)):
        if before.get(key, ("",))[0] != after.get(key, ("",))[0]:
            owner, kind, part = key
            findings.add(owner, "state", root_name, "", 0, kind, part,
                         _change(before.get(key), after.get(key)))
    return findings.items


def _change(before: tuple[str, tuple] | None, after: tuple[str, tuple] | None) -> dict[str, Any]:
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
    if old[0] == new[0] == "object" and old[1] == new[1]:
        for attribute in sorted(set(old[2]) | set(new[2])):
            if old[2].get(attribute, ("",))[0] != new[2].get(attribute, ("",))[0]:
                return {**_change(old[2].get(attribute), new[2].get(attribute)), "attribute": attribute}
    return {"kind": "contents", "type": new[1] if len(new) > 1 else ""}


# --------------------------------------------------------------------------- state fingerprints
def _module_state(namespace: dict[str, Any], module_name: str) -> dict[tuple[str, str, str], tuple[str, tuple]]:
    """(owner, kind, part) -> (fingerprint, summary), for everything the submission owns at module level."""
    state: dict[tuple[str, str, str], tuple[str, tuple]] = {}
    budget = [_FINGERPRINT_ITEMS * 10]
    for name, value in list(namespace.items()):
        if _is_dunder(name):
            continue
        for kind, part, member in _owned_parts(value, module_name):
            state[(name, kind, part)] = (_fingerprint(member, _FINGERPRINT_DEPTH, budget), _summary(member, budget))
    return state


def _summary(value: Any, budget: list[int], depth: int = 1) -> tuple:
    """What a change is described by: a container's length, a number's value, an object's attributes."""
    kind = type(value)
    if kind in (list, tuple, set, frozenset, dict):
        return ("items", kind.__name__, len(value))
    if kind in (int, float):
        return ("number", value)
    if depth > 0 and kind not in _SCALARS and not (inspect.ismodule(value) or inspect.isclass(value)
                                                   or inspect.isroutine(value)):
        try:
            attributes = object.__getattribute__(value, "__dict__")
        except AttributeError:
            attributes = None
        if type(attributes) is dict:
            return ("object", kind.__name__,
                    {str(key): (_fingerprint(item, _FINGERPRINT_DEPTH - 1, budget), _summary(item, budget, depth - 1))
                     for key, item in list(attributes.items())[:_FINGERPRINT_ITEMS]})
    return ("value", kind.__name__)


def _owned_parts(value: Any, module_name: str) -> Iterator[tuple[str, str, Any]]:
    """(kind, part, member): the mutable places reachable from one module-level value."""
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


def _fingerprint(value: Any, depth: int, budget: list[int]) -> str:
    """A short text that changes when the value's contents change: `identity|summary for messages`.

    Only exact built-in types are looked into by value, so no student-defined
    `__repr__`, `__iter__` or `__eq__` runs while the state is read.
    """
    budget[0] -= 1
    kind = type(value)
    if budget[0] < 0 or depth < 0:
        return f"deep|{kind.__name__}"
    if kind in _SCALARS:
        text = repr(value)
        return f"scalar:{hashlib.sha1(text.encode()).hexdigest()[:16]}|{text if len(text) <= 40 else text[:37] + '...'}"
    if kind is np.ndarray:
        digest = hashlib.sha1(np.ascontiguousarray(value).view(np.uint8).tobytes()).hexdigest()[:16]
        return f"ndarray:{digest}|{value.dtype.name} array of shape {value.shape}"
    if kind in (list, tuple, set, frozenset):
        parts = [_fingerprint(item, depth - 1, budget) for item in list(value)[:_FINGERPRINT_ITEMS]]
        if kind in (set, frozenset):
            parts.sort()
        digest = hashlib.sha1(",".join(parts).encode()).hexdigest()[:16]
        return f"{kind.__name__}:{digest}|{kind.__name__} of {len(value)}"
    if kind is dict:
        parts = [f"{_fingerprint(key, 1, budget)}={_fingerprint(item, depth - 1, budget)}"
                 for key, item in list(dict.items(value))[:_FINGERPRINT_ITEMS]]
        digest = hashlib.sha1(",".join(parts).encode()).hexdigest()[:16]
        return f"dict:{digest}|dict of {len(value)}"
    if inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value):
        return f"ref:{id(value)}|{kind.__name__}"
    try:
        attributes = object.__getattribute__(value, "__dict__")
    except AttributeError:
        attributes = None
    if type(attributes) is dict:
        parts = [f"{key}={_fingerprint(item, depth - 1, budget)}" for key, item in list(attributes.items())]
        digest = hashlib.sha1(",".join(parts).encode()).hexdigest()[:16]
        return f"object:{id(value)}:{digest}|{kind.__name__}"
    # Immutable library values (JAX arrays, dtypes): identity is what a rebinding changes.
    return f"ref:{id(value)}|{kind.__name__}"
