"""What a graded function reads beyond its arguments, read from its code, and what it can reach.

Reading the code: the function's bytecode, and that of everything it reaches,
names the module-level data it loads or assigns, with the line: globals, data
attributes of the submission's own classes and their metaclasses
(`Config.THRESHOLD`), attributes kept on functions, jit wrappers and objects
(`norm.scale`), names the submission planted elsewhere while its cells loaded
(`builtins.SCALE = 2.0`, then `SCALE`; `jnp.SCALE = 2.0`, then `jnp.SCALE`),
and reads of a whole namespace (`globals()`, `vars(module)`, `sys.modules`,
`importlib.import_module(__name__)`), each resolved to the name it reads where
the code names it (`globals()["SCALE"]`, `sys.modules[__name__].OFFSET`).

What it reaches (`reachable_parts`): from the graded object, everything, every
level: a decorator's wrapper and what it wraps (each level's code read, each
level's closure, defaults and attributes fingerprinted, none skipped by jumping
to `__wrapped__`), a partial's function, arguments and keywords, a bound method's
`__self__` (also `some_list.append`'s list), a jit wrapper's own attributes, a
class's attributes and its metaclass's, the helpers it names. `state_watch.py`
fingerprints those places around every call.

Attributes of the student's objects are read without running their code:
`inspect.getattr_static`, instance and class dicts, never `hasattr`, so an object
whose `__getattr__` raises anything (a dict with dot access) is read like any other.

Probes report; the judge decides.
"""

from __future__ import annotations

import builtins
import dis
import enum
import functools
import gc
import importlib
import inspect
import logging
import operator
import sys
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

from .calls import Calls, prepare_arguments
from .fingerprint import CLASS_BOOKKEEPING, MISSING, identity, instance_dict, submission_class
from .heap import referrers, tracked_objects

__all__ = ["GlobalUses", "ModulesBeforeLoad", "Planted", "held_functions", "is_data", "is_interpreter_name",
           "is_unread_name", "merged", "later_functions", "ranked_residents", "reachable_ids", "reachable_parts",
           "resident_objects", "static_global_uses"]

_MAX_FINDINGS = 50
_MAX_DEPTH = 8
_getattr_static = inspect.getattr_static
_referents = gc.get_referents
_HELD_LEVELS = 6
# At most this many of the submission's functions and objects found by the collector are watched.
_MAX_RESIDENTS = 256
_import_module = importlib.import_module
_Logger = (logging.Logger, logging.LoggerAdapter)
_NOT_DATA = (*_Logger, enum.Enum, typing.TypeVar, typing.ParamSpec, typing.TypeVarTuple, types.GenericAlias,
             types.UnionType)


def is_data(value: Any) -> bool:
    """Module-level values a pure function must not depend on: anything that is not code. A logger is
    not data either: reading it by name changes no result (what its calls do under jit is a note); nor
    are an enum's members (constants that cannot be rebound) or type hints (`cast(PyTree, x)`)."""
    return not (isinstance(value, (types.ModuleType, type)) or callable(value) or isinstance(value, _NOT_DATA))


# Names the interpreter, the import system, `warnings` and the standard library's class makers
# (dataclasses, typing, abc) set in a module's, a class's or a function's namespace. A function that reads
# one (`__name__`, `__file__`: how code reaches its own module) reads no module-level data, and one in a
# library's namespace is the library's. Every other name is data like any other, dunder or not (red team
# round 20 kept counters in a module's `__calls__` and a class's `__seen__`); which of these the readings
# of state still take is `UNREAD_NAMES`' to say.
INTERPRETER_NAMES = frozenset({
    # a module's
    "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__file__", "__cached__", "__path__",
    "__builtins__", "__annotations__", "__annotate__", "__conditional_annotations__", "__warningregistry__",
    "__dict__", "__weakref__",
    # a class's
    "__module__", "__qualname__", "__firstlineno__", "__static_attributes__", "__slots__", "__classcell__",
    "__classdictcell__", "__orig_bases__", "__parameters__", "__type_params__", "__abstractmethods__",
    "__dataclass_fields__", "__dataclass_params__", "__match_args__", "__protocol_attrs__",
    "__non_callable_proto_members__", "__callable_proto_members_only__", "__required_keys__",
    "__optional_keys__", "__readonly_keys__", "__mutable_keys__", "__total__", "__orig_class__",
    # a function's, set by `functools.wraps`, `inspect` and `abc`
    "__wrapped__", "__signature__", "__text_signature__", "__isabstractmethod__",
})


# Of those, the names whose values are never read as data: the interpreter's and the import system's own
# objects, and the registry `warnings` fills while code runs. The others (`__annotations__`,
# `__match_args__`, `__dataclass_fields__`, ...) are set once, when a module or a class is made, and a
# module's other data and a class's attributes read them like any data: a container kept there and
# changed in place is state (red team round 21). A function that reads one still reads no global.
UNREAD_NAMES = frozenset({"__builtins__", "__loader__", "__spec__", "__warningregistry__", "__dict__", "__weakref__",
                          "__classcell__", "__classdictcell__"})


# What runs only while a class statement runs: a base's `__init_subclass__`, a descriptor's `__set_name__`.
_DEFINITION_HOOKS = frozenset({"__init_subclass__", "__set_name__"})


def is_unread_name(name: Any) -> bool:
    """A name whose value no reading of state takes (`UNREAD_NAMES`)."""
    return isinstance(name, str) and name in UNREAD_NAMES


def is_interpreter_name(name: Any) -> bool:
    """A name the interpreter or the standard library sets in a namespace (`INTERPRETER_NAMES`)."""
    return isinstance(name, str) and name in INTERPRETER_NAMES


def _static(value: Any, name: str) -> Any:
    """`value.name` as the object's type and dicts hold it, no descriptor, `__getattr__` or
    `__getattribute__` of the student's run; MISSING when there is none."""
    try:
        return _getattr_static(value, name)
    except AttributeError:
        return MISSING
    except Exception:  # noqa: BLE001 - a metaclass's own lookup may still raise anything
        return MISSING


def _wrapped(value: Any) -> Any:
    """What a decorator says it wraps (`functools.wraps` sets `__wrapped__` in the wrapper's dict)."""
    attributes = instance_dict(value)
    return attributes.get("__wrapped__", MISSING) if attributes is not None else MISSING


class _Findings:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, name: str, access: str, function: str, filename: str, line: int, type_name: str = "",
            part: str = "", change: dict[str, Any] | None = None) -> None:
        """One finding. access: read (`part`: where the data lives: "" a global, `class`, `builtins`,
        `module` or `attribute`), write, namespace (a whole namespace), logger (a note, not a
        failure), or state (`part` of `name`, of kind `type_name`, changed by a call as `change` says)."""
        key = (name, access, part, filename, line)
        if len(self.items) >= _MAX_FINDINGS:
            return
        if any((f["name"], f["access"], f["part"], f["filename"], f["line"]) == key for f in self.items):
            return
        self.items.append({"name": name, "access": access, "function": function, "filename": filename,
                           "line": line, "type": type_name, "part": part, "change": change or {}})


# --------------------------------------------------------------------------- what loading planted
def plain_modules(exclude: set[str]) -> list[tuple[str, types.ModuleType]]:
    return [(name, module) for name, module in list(sys.modules.items())
            if isinstance(module, types.ModuleType) and name not in exclude
            and not name.startswith(_RUNTIME_ROOMS)]


# This runtime's own modules: the worker's room and the room it shares with the judge.
_RUNTIME_ROOMS = tuple(__name__.rsplit(".", 2)[0] + room for room in (".worker.", ".both_sides."))


class Planted:
    """Names the submission's cells added to, or rebound in, modules that existed before they ran:
    data kept there is module-level data as much as a global is."""

    def __init__(self, names: dict[str, tuple[types.ModuleType, frozenset[str]]] | None = None) -> None:
        self.names = names or {}
        self._by_id = {identity(module): planted for module, planted in self.names.values()}

    def has(self, module: Any, attribute: str) -> bool:
        return attribute in self._by_id.get(identity(module), ())

    def in_builtins(self, name: str) -> bool:
        return name in self._by_id.get(identity(builtins), ())

    def modules(self) -> list[tuple[str, types.ModuleType, frozenset[str]]]:
        return [(name, module, planted) for name, (module, planted) in self.names.items()]


class ModulesBeforeLoad:
    """Every imported module's namespace, by identity, taken before student code runs."""

    def __init__(self, exclude: set[str]) -> None:
        self._exclude = exclude
        self._namespaces = {name: (module, dict(vars(module))) for name, module in plain_modules(exclude)}

    def planted(self, namespace: dict[str, Any], set_by_student: set[tuple[int, str]] | None = None) -> Planted:
        """Data names that loading the cells (whose globals are `namespace`) added or rebound
        (called right after they ran) in the modules the submission reaches: a library that
        sets its own globals lazily, or from a garbage-collection callback, plants nothing."""
        names: dict[str, tuple[types.ModuleType, frozenset[str]]] = {}
        reached = reached_modules(namespace)
        for name, (module, before) in self._namespaces.items():
            if sys.modules.get(name) is not module or identity(module) not in reached:
                continue
            namespace = vars(module)
            if len(namespace) == len(before) and all(map(operator.is_, before.values(), namespace.values())):
                continue  # unchanged, checked in C: the common case for hundreds of modules
            planted = frozenset(key for key, value in list(namespace.items())
                                if isinstance(key, str) and not is_interpreter_name(key) and is_data(value)
                                and before.get(key, MISSING) is not value
                                and (set_by_student is None or (identity(namespace), key) in set_by_student))
            if planted:
                names[name] = (module, planted)
        return Planted(names)


class GlobalUses:
    """The `global_uses` request: what the function's code shows; its call, like every call of the
    submission's code, is watched by `state_watch.py` (the judge gathers what every call changed)."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls
        self.planted = Planted()
        # The submission's functions and objects alive once its cells ran (`resident_objects`).
        self.residents: list[tuple[str, Any, bool]] = []
        self._before: ModulesBeforeLoad | None = None
        # The places the function reaches whose state cannot be read (set by the state watch).
        self.unreadable: Callable[[str], list[dict[str, Any]]] = lambda name: []

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"global_uses": self.global_uses}

    def before_load(self) -> None:
        """Called just before the cells run: what every module holds of its own."""
        self._before = ModulesBeforeLoad({self.calls.submission.module.__name__})

    def after_load(self, set_by_student: set[tuple[int, str]] | None = None) -> None:
        """Called just after the cells ran: what they planted in other modules (`set_by_student`: the
        names a line of the submission set, as the library watch saw them; None takes every change)."""
        if self._before is not None:
            self.planted = self._before.planted(self.calls.submission.module.__dict__, set_by_student)
            self._before = None
        self._take_census()

    def _take_census(self) -> None:
        """The submission's functions and objects alive now, each marked whether a name of the
        submission leads to it; those only something else keeps (a registry) are `registered`."""
        submission = self.calls.submission
        self.residents = ranked_residents(resident_objects(submission.filenames), submission.module.__dict__)

    def global_uses(self, request: dict[str, Any]) -> dict[str, Any]:
        """Module-level data the function reads or writes, from its code; with a call in the request,
        the call too, made as every other call is (its state changes reach the judge with the reply)."""
        name = request["name"]
        submission = self.calls.submission
        # Functions a call made since the census (a search function made and registered on the first
        # call) are places from here on: looked for once per exercise, before its own watched call.
        later = later_functions([(n, v) for n, v, _ in self.residents], submission.filenames)
        if later:
            self.residents = ranked_residents([(n, v) for n, v, _ in self.residents] + later,
                                              submission.module.__dict__)
        findings = static_global_uses(submission.lookup(name), name, submission.filenames,
                                      submission.module.__name__, self.planted) + self.unreadable(name)
        if "args" in request:
            args, kwargs = prepare_arguments(request["args"], request["kwargs"], "jax")
            try:
                self.calls.invoke(self.calls.function(name), args, kwargs)
            except Exception:  # noqa: BLE001 - CallFailed: correctness reports what the call raised
                pass
        return {"findings": findings[:_MAX_FINDINGS]}


def merged(static: list[dict[str, Any]], watched: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The code's findings, then what the calls showed besides. Keyed on the last dotted part:
    the code says `jnp.SCALE` where the run sees `jax.numpy.SCALE`."""
    seen = {(f["name"].rsplit(".", 1)[-1], f["access"], f["line"]) for f in static}
    return static + [f for f in watched if (f["name"].rsplit(".", 1)[-1], f["access"], f["line"]) not in seen]


def reached_modules(namespace: dict[str, Any]) -> set[int]:
    """The modules the submission's globals hold, their submodules (`jax.numpy` from `jax`), and
    `builtins`: where it can plant or keep data without naming another module."""
    modules = [value for value in list(namespace.values()) if isinstance(value, types.ModuleType)]
    reached = {identity(builtins)} | {identity(module) for module in modules}
    for module in modules:
        reached |= {identity(value) for value in list(vars(module).values()) if isinstance(value, types.ModuleType)}
    return reached


# --------------------------------------------------------------------------- reading the code
_ATTRIBUTE_OPS = ("LOAD_ATTR", "LOAD_METHOD")
# Builtins whose call reads a whole namespace (`vars()` without an argument reads the locals: fine).
_NAMESPACE_CALLS = {"globals": 0, "vars": 1, "__import__": 1}


class _BytecodeWalker:
    """Walks a function's bytecode, and that of everything it reaches, for module-level names; keeps
    the module-level names it met (`roots`), whose reachable parts are the function's state."""

    def __init__(self, filenames: set[str], module_name: str, findings: _Findings, planted: Planted) -> None:
        self.filenames = filenames
        self.module_name = module_name
        self.findings = findings
        self.planted = planted
        self.seen: set[int] = set()
        self.roots: dict[str, None] = {}
        # Library data the code names through a module or a library class (`np.typecodes`,
        # `np.finfo._finfo_cache`), or imports in its body: reading it is fine, changing it is hidden
        # state, so it is watched as a place: {(holder's text, attribute): holder}.
        self.library: dict[tuple[str, str], Any] = {}
        self._skip = 0
        # Hooks that run only when a class statement runs (`__init_subclass__`): read once the code read
        # makes a class, kept until then (honest class, session 26: a registry filled at definition).
        self._definition_hooks: list[tuple[Any, str]] = []
        self._makes_classes = False

    def visit_callable(self, value: Any, owner: str, depth: int = 0) -> None:
        """Every level of what `value` is made of: a partial's function, a bound method's function,
        each wrapper a decorator made and what it wraps, a jit wrapper's function, a callable
        object's class; the code of each one that is the submission's."""
        if depth > _MAX_DEPTH or identity(value) in self.seen and not isinstance(value, types.FunctionType):
            return
        if isinstance(value, type):
            self._visit_class(value)
            return
        if isinstance(value, functools.partial):
            self.seen.add(identity(value))
            self.visit_callable(value.func, owner, depth + 1)
            for member in (*value.args, *value.keywords.values()):
                if callable(member):
                    self.visit_callable(member, owner, depth + 1)
            return
        if isinstance(value, types.MethodType):
            self.visit_callable(value.__func__, owner, depth + 1)
            return
        wrapped = _wrapped(value)
        if wrapped is not MISSING:
            self.seen.add(identity(value))
            self.visit_callable(wrapped, owner, depth + 1)
        if not isinstance(value, types.FunctionType):
            if self._own_class(type(value)):
                # An instance of the submission's own class called as a function: its `__call__` is the code.
                self._visit_class(type(value))
            for function in held_functions(value, self.filenames):
                # A library callable that runs the submission's code (`np.frompyfunc`, `np.vectorize`).
                self.visit_callable(function, owner, depth + 1)
            return
        if value.__code__.co_filename not in self.filenames or identity(value.__code__) in self.seen:
            return
        for cell in value.__closure__ or ():
            try:
                contents = cell.cell_contents
            except ValueError:
                continue
            if callable(contents):
                self.visit_callable(contents, _name_of(contents, owner), depth + 1)
        defaults: list[Any] = [*(value.__defaults__ or ()), *(value.__kwdefaults__ or {}).values()]
        for default in defaults:
            if callable(default) and not isinstance(default, type):
                self.visit_callable(default, owner, depth + 1)
        self._visit_code(value.__code__, value.__globals__, owner)

    def _own_class(self, value: Any) -> bool:
        # By what it is, not by the module it names: a class no library exports is the submission's.
        return submission_class(value)

    def _visit_class(self, klass: type) -> None:
        if not self._own_class(klass) or identity(klass) in self.seen:
            return
        self.seen.add(identity(klass))
        for attribute, member in list(vars(klass).items()):
            member = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
            if isinstance(member, types.FunctionType):
                if attribute in _DEFINITION_HOOKS and not self._makes_classes:
                    self._definition_hooks.append((member, f"{klass.__name__}.{attribute}"))
                    continue
                self.visit_callable(member, f"{klass.__name__}.{attribute}")
        if self._own_class(type(klass)):
            self._visit_class(type(klass))  # a metaclass's methods run for the class too

    def _class_member(self, klass: type, attribute: str) -> Any:
        """The attribute as the class, or else its metaclass, defines it (no descriptor runs)."""
        bases: list[type] = [*klass.__mro__, *type.__getattribute__(type(klass), "__mro__")]
        for base in bases:
            if attribute in vars(base):
                return vars(base)[attribute]
        return MISSING

    def _class_holder(self, klass: type, attribute: str) -> type | None:
        """The class along the MRO whose own namespace holds `attribute` (no descriptor runs)."""
        return next((base for base in klass.__mro__ if attribute in vars(base)), None)

    def _builtins(self, namespace: dict[str, Any]) -> dict[str, Any]:
        found = namespace.get("__builtins__", builtins)
        return found if isinstance(found, dict) else vars(found)

    def _visit_code(self, code: types.CodeType, namespace: dict[str, Any], owner: str) -> None:
        if identity(code) in self.seen:
            return
        self.seen.add(identity(code))
        instructions = list(dis.get_instructions(code))
        # What the previous instruction left on the stack, while it is a chain of attribute reads
        # on a global (`jnp.SCALE`, `Config.THRESHOLD`, `norm.scale`, `sys.modules`): (text, value).
        chain: tuple[str, Any] | None = None
        importing: Any = None
        local_modules: dict[Any, types.ModuleType] = {}
        self._skip = 0
        for index, instruction in enumerate(instructions):
            if self._skip:
                # The instructions of `sys.modules[__name__]` after `modules`: the chain goes on past them.
                self._skip -= 1
                continue
            opname = instruction.opname
            name = instruction.argval
            line = (instruction.positions.lineno if instruction.positions else None) or 0
            if opname == "LOAD_BUILD_CLASS" and not self._makes_classes:
                self._makes_classes = True
                hooks, self._definition_hooks = self._definition_hooks, []
                for hook, hook_owner in hooks:
                    self.visit_callable(hook, hook_owner)
                self._skip = 0  # as it was at this instruction: the hooks' own walks set it for theirs
            if opname in _ATTRIBUTE_OPS and chain is not None and isinstance(name, str):
                chain = self._attribute(chain, name, owner, code.co_filename, line, instructions, index)
                continue
            if opname == "IMPORT_NAME" and isinstance(name, str):
                # `from numpy import typecodes` or `import numpy as np` in the body: a library reached
                # without a global; its data is watched as when it is named through a global.
                importing = sys.modules.get(name)
                chain = None
                continue
            if opname == "IMPORT_FROM" and isinstance(importing, types.ModuleType) and isinstance(name, str):
                member = vars(importing).get(name, MISSING)
                if member is not MISSING and not is_interpreter_name(name) and is_data(member):
                    self.library[(importing.__name__, name)] = importing
                continue
            if opname in ("STORE_FAST", "STORE_DEREF") and isinstance(importing, types.ModuleType):
                if instructions[index - 1].opname == "IMPORT_NAME" and isinstance(name, str):
                    local_modules[name] = importing
                importing = None
            if opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF") and name in local_modules:
                chain = (str(name), local_modules[name])
                continue
            chain = None
            if opname in ("STORE_GLOBAL", "DELETE_GLOBAL"):
                self.findings.add(name, "write", owner, code.co_filename, line)
                continue
            if opname not in ("LOAD_GLOBAL", "LOAD_NAME") or is_interpreter_name(name):
                continue
            if name not in namespace:
                chain = self._builtin(name, namespace, owner, code.co_filename, line, instructions, index)
                continue
            value = namespace[name]
            self.roots[name] = None
            if isinstance(value, _Logger):
                self.findings.add(name, "logger", owner, code.co_filename, line, type(value).__name__)
            elif is_data(value):
                self.findings.add(name, "read", owner, code.co_filename, line, type(value).__name__)
            else:
                self.visit_callable(value, name)
                chain = (name, value)
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                self._visit_code(constant, namespace, owner)

    def _builtin(self, name: str, namespace: dict[str, Any], owner: str, filename: str, line: int,
                 instructions: list[dis.Instruction], index: int) -> tuple[str, Any] | None:
        """A name that is not a global: a builtin (perhaps one the submission planted there, or one
        that reads a namespace), or a NameError."""
        value = self._builtins(namespace).get(name, MISSING)
        if value is MISSING:
            return None
        if self.planted.in_builtins(name) and is_data(value):
            self.findings.add(name, "read", owner, filename, line, type(value).__name__, "builtins")
        elif name in _NAMESPACE_CALLS:
            self._namespace_call(name, namespace, owner, filename, line, instructions, index)
        elif name == "getattr":
            self._getattr_call(namespace, owner, filename, line, instructions, index)
        return None

    def _namespace_call(self, name: str, namespace: dict[str, Any], owner: str, filename: str, line: int,
                        instructions: list[dis.Instruction], index: int) -> None:
        """`globals()["X"]` reads the global X; any other use of `globals()`, `vars(...)` or
        `__import__(...)` reads a whole namespace."""
        after = instructions[index + 1:index + 4]
        if name == "globals" and len(after) == 3 and after[0].opname == "CALL" and after[0].arg == 0 \
                and after[1].opname == "LOAD_CONST" and isinstance(after[1].argval, str) \
                and after[2].opname == "BINARY_SUBSCR":
            global_name = after[1].argval
            value = namespace.get(global_name, MISSING)
            if value is not MISSING and is_data(value):
                self.findings.add(global_name, "read", owner, filename, line, type(value).__name__)
            elif value is not MISSING:
                self.roots[global_name] = None
                self.visit_callable(value, global_name)
            return
        if name == "vars" and len(after) >= 1 and after[0].opname == "CALL" and after[0].arg == 0:
            return  # vars() without an argument: the function's own locals
        self.findings.add("__dict__", "namespace", owner, filename, line, "dict")

    def _getattr_call(self, namespace: dict[str, Any], owner: str, filename: str, line: int,
                      instructions: list[dis.Instruction], index: int) -> None:
        """`getattr(GLOBAL, "name")`, read as `GLOBAL.name` is."""
        after = instructions[index + 1:index + 4]
        if len(after) == 3 and after[0].opname == "LOAD_GLOBAL" and after[1].opname == "LOAD_CONST" \
                and isinstance(after[1].argval, str) and after[2].opname == "CALL" \
                and after[0].argval in namespace:
            target = namespace[after[0].argval]
            self._attribute((after[0].argval, target), after[1].argval, owner, filename, line, instructions, index)

    def _attribute(self, chain: tuple[str, Any], attribute: str, owner: str, filename: str, line: int,
                   instructions: list[dis.Instruction], index: int) -> tuple[str, Any] | None:
        """One `.attribute` read on something reached from a global; the chain goes on."""
        text, value = chain
        text = f"{text}.{attribute}"
        if isinstance(value, _OwnModule):
            # `sys.modules[__name__].X`: the global X.
            member = vars(value.module).get(attribute, MISSING)
            if member is not MISSING and is_data(member):
                self.findings.add(attribute, "read", owner, filename, line, type(member).__name__)
            elif member is not MISSING:
                self.roots[attribute] = None
                self.visit_callable(member, attribute)
            return None
        if isinstance(value, types.ModuleType):
            member = vars(value).get(attribute, MISSING)
            where = "module"
            planted = self.planted.has(value, attribute)
            if value is sys and attribute == "modules":
                return self._modules(owner, filename, line, instructions, index)
            if attribute == "__dict__":
                self.findings.add("__dict__", "namespace", owner, filename, line, "dict")
                return None
            if member is _import_module:
                # `importlib.import_module(...)`: a module reached by name, its whole namespace.
                self.findings.add("__dict__", "namespace", owner, filename, line, "dict")
                return None
        elif isinstance(value, type):
            if not self._own_class(value) and not self._own_class(type(value)):
                holder = self._class_holder(value, attribute)
                if holder is not None and (not is_interpreter_name(attribute) and is_data(vars(holder)[attribute])
                                           or _keeps_a_namespace(_unwrapped_member(vars(holder)[attribute]),
                                                                 self.filenames)):
                    self.library[(chain[0], attribute)] = holder
                return None
            member = self._class_member(value, attribute)
            where, planted = "class", not is_interpreter_name(attribute)
        else:
            # A function, a jit wrapper, a partial or an object: what its own `__dict__` holds.
            attributes = instance_dict(value)
            member = attributes.get(attribute, MISSING) if attributes is not None else MISSING
            where, planted = "attribute", not is_interpreter_name(attribute)
        if member is MISSING:
            return None
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if planted and is_data(member):
            self.findings.add(text, "read", owner, filename, line, type(member).__name__, where)
            return None
        if where == "module" and is_data(member) and not is_interpreter_name(attribute):
            self.library[(chain[0], attribute)] = value
            return None
        if where == "module" and not is_interpreter_name(attribute) and _keeps_a_namespace(member, self.filenames):
            # A library's function or callable object keeps data in its `__dict__` as a module does (a
            # counter in `jnp.zeros_like.__dict__`): read with the library data the code names (`Reader`).
            self.library[(chain[0], attribute)] = value
        if callable(member) and not isinstance(member, type):
            self.visit_callable(member, text)
        return (text, member) if isinstance(member, (types.ModuleType, type)) or where == "attribute" else None

    def _modules(self, owner: str, filename: str, line: int, instructions: list[dis.Instruction],
                 index: int) -> tuple[str, Any] | None:
        """`sys.modules[__name__]` is the submission's own module (what is read from it is a global);
        anything else read from `sys.modules` is a whole namespace."""
        after = instructions[index + 1:index + 3]
        if len(after) == 2 and after[0].opname == "LOAD_GLOBAL" and after[0].argval == "__name__" \
                and after[1].opname == "BINARY_SUBSCR":
            module = sys.modules.get(self.module_name)
            if module is not None:
                self._skip = 2
                return ("", _OwnModule(module))
        self.findings.add("__dict__", "namespace", owner, filename, line, "dict")
        return None


class _OwnModule:
    """The submission's module reached as `sys.modules[__name__]`: its attributes are its globals."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module = module


def _name_of(value: Any, default: str) -> str:
    attributes = instance_dict(value)
    name = attributes.get("__name__") if attributes is not None else None
    if isinstance(value, types.FunctionType):
        name = value.__name__
    return name if isinstance(name, str) else default


def _unwrapped_member(member: Any) -> Any:
    """A class attribute as the class's code calls it: a staticmethod's or classmethod's function."""
    return member.__func__ if isinstance(member, (staticmethod, classmethod)) else member


def _keeps_a_namespace(member: Any, filenames: set[str]) -> bool:
    """Whether `member` is a library's callable with a `__dict__` of its own: a Python function not of
    the submission's files, or a callable object (a jit wrapper, a ufunc, a dispatcher) that is no class."""
    if type(member) is types.FunctionType:
        return member.__code__.co_filename not in filenames
    return callable(member) and not isinstance(member, (type, types.ModuleType)) \
        and not submission_class(type(member)) and instance_dict(member) is not None \
        and not _is_function_of(member, filenames)


def _is_function_of(member: Any, filenames: set[str]) -> bool:
    """A wrapper (`jax.jit`'s, `functools.wraps`') of one of the submission's own functions."""
    attributes = instance_dict(member)
    wrapped = attributes.get("__wrapped__") if attributes is not None else None
    return type(wrapped) is types.FunctionType and wrapped.__code__.co_filename in filenames


def static_global_uses(root: Any, root_name: str, filenames: set[str], module_name: str,
                       planted: Planted | None = None) -> list[dict[str, Any]]:
    findings = _Findings()
    _BytecodeWalker(filenames, module_name, findings, planted or Planted()).visit_callable(root, root_name)
    return findings.items


def code_roots(root: Any, root_name: str, filenames: set[str],
               module_name: str) -> tuple[list[str], list[tuple[str, str, Any]]]:
    """The module-level names the graded object's code, and the code of all it reaches, names; and
    the library data it names through a module or a library class, or imports, as (holder's text,
    attribute, holder: the module or class whose namespace holds it)."""
    walker = _BytecodeWalker(filenames, module_name, _Findings(), Planted())
    walker.visit_callable(root, root_name)
    library = [(text, attribute, module) for (text, attribute), module in walker.library.items()]
    return [root_name, *(name for name in walker.roots if name != root_name)], library


# --------------------------------------------------------------------------- what a name reaches
def reachable_parts(owner: str, value: Any, module_name: str, filenames: set[str],
                    seen: set[int] | None = None, depth: int = 0) -> Iterator[tuple[str, str, str, Any]]:
    """(owner, kind, part, member): every mutable place reachable from a module-level value.

    kind: `function` (the submission's function whole), `closure`, `default`, `attribute` (a
    function's, a wrapper's or a jit wrapper's own), `partial` (a partial's arguments), `bound` (a
    bound method's object), `class` (the submission's class or metaclass), `cache` (an lru_cache), or
    `global` (the value itself: data, or an object of the submission's own class)."""
    seen = set() if seen is None else seen
    if depth > _MAX_DEPTH or identity(value) in seen:
        return
    seen.add(identity(value))

    def deeper(name: str, member: Any) -> Iterator[tuple[str, str, str, Any]]:
        if callable(member) or isinstance(member, (functools.partial, type)):
            yield from reachable_parts(name, member, module_name, filenames, seen, depth + 1)

    if isinstance(value, functools._lru_cache_wrapper):
        yield owner, "cache", "", value
    if isinstance(value, functools.partial) or _keeps_a_namespace(value, filenames):
        # A library's callable (an alias of `jnp.zeros_like`, a partial, a default's or a class's): what
        # its own `__dict__` keeps is read as a place, wherever the function reaches it from.
        yield owner, "library_callable", "", value
    if isinstance(value, functools.partial):
        for position, argument in enumerate(value.args):
            yield owner, "partial", f"args[{position}]", argument
            yield from deeper(owner, argument)
        for keyword, argument in value.keywords.items():
            yield owner, "partial", str(keyword), argument
            yield from deeper(owner, argument)
        yield from deeper(owner, value.func)
        return
    if isinstance(value, types.MethodType) or (isinstance(value, (types.BuiltinMethodType, types.MethodWrapperType))
                                               and not isinstance(value.__self__, (types.ModuleType, type))
                                               and value.__self__ is not None):
        # `some_list.append` keeps its list, `counter.__next__` its counter; a bound method its object.
        method = value.__func__.__name__ if isinstance(value, types.MethodType) else value.__name__
        yield owner, "bound", str(method), value.__self__
        if isinstance(value, types.MethodType):
            yield from deeper(owner, value.__func__)
        return
    if isinstance(value, types.FunctionType):
        yield from _function_parts(owner, value, module_name, filenames, seen, depth)
        return
    if isinstance(value, type):
        yield from _class_parts(owner, value, module_name, filenames)
        return
    if isinstance(value, _Logger) or isinstance(value, types.ModuleType):
        return
    attributes = instance_dict(value)
    if callable(value):
        for function in held_functions(value, filenames):
            yield from deeper(_name_of(function, owner), function)
        if attributes is None and not inspect.isroutine(value):
            # A callable object with no `__dict__` (a weak reference, `list[...]`, a ufunc): its state is
            # in its C fields, which the fingerprint reads; it is a place of its own.
            yield owner, "global", "", value
    if callable(value) and not _own_instance(value, module_name):
        # A library callable with attributes of its own (a jit wrapper, `custom_jvp`): what was set on
        # it, and what it wraps.
        for attribute, member in list((attributes or {}).items()):
            if attribute == "__wrapped__":
                yield from deeper(owner, member)
            elif not is_interpreter_name(attribute):
                yield owner, "attribute", attribute, member
        return
    if is_data(value) or _own_instance(value, module_name):
        yield owner, "global", "", value
        if _own_instance(value, module_name):
            yield from _class_parts(type(value).__name__, type(value), module_name, filenames)
            for attribute, member in list((attributes or {}).items()):
                if callable(member):
                    yield from deeper(f"{owner}.{attribute}", member)


# Exact types `held_functions` never looks into: text, numbers, classes and C functions (a function's
# builtins hold a hundred and fifty of those).
_PASSED_OVER = frozenset({str, int, float, bool, bytes, type(None), type, types.BuiltinFunctionType})


def held_functions(value: Any, filenames: set[str]) -> list[types.FunctionType]:
    """The submission's functions a callable holds, as the interpreter's own traversal lists what it
    holds (`gc.get_referents`), a few containers and closures deep: a ufunc's Python function, a
    `np.vectorize`'s `pyfunc`, a rule a library wrapped in a closure of its own."""
    found: list[types.FunctionType] = []
    seen = {identity(value)}
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        holder, level = pending.pop()
        for held in _referents(holder):
            if type(held) in _PASSED_OVER:
                continue  # most of what a library's callable holds, told apart by exact type
            if identity(held) in seen or isinstance(held, (types.ModuleType, type, types.CodeType)):
                continue
            seen.add(identity(held))
            if isinstance(held, types.FunctionType) and held.__code__.co_filename in filenames:
                found.append(held)
            elif level < _HELD_LEVELS and isinstance(held, (types.FunctionType, types.CellType, tuple, list, dict,
                                                           functools.partial)):
                # Through the library's own closures too (`custom_jvp.defjvps` wraps the rule in one):
                # their cells, tuples and dicts, never their globals.
                if isinstance(held, dict) and held is getattr(holder, "__globals__", None):
                    continue
                pending.append((held, level + 1))
    return found


def resident_objects(filenames: set[str]) -> list[tuple[str, Any]]:
    """(name, object): every function whose code is the submission's, and every object of a class
    whose methods are, alive once the cells ran, found by the garbage collector rather than by a
    walk from the graded function. State kept in one is state kept between calls, however it is
    reached: through an interpreter registry (`codecs.register`, `atexit`, `copyreg`), a library's
    cache or a callback, where no name the graded function's code holds leads."""
    if not filenames:
        return []  # a clean worker's empty submission: nothing is the submission's
    objects = tracked_objects()
    own_classes = {identity(klass) for klass in objects if isinstance(klass, type) and any(
        isinstance(member, types.FunctionType) and member.__code__.co_filename in filenames
        for member in list(vars(klass).values()))}
    functions: list[tuple[str, Any]] = []
    instances: list[tuple[str, Any]] = []
    for value in objects:
        kind = type(value)
        if isinstance(value, types.FunctionType):
            if value.__code__.co_filename in filenames:
                functions.append((value.__qualname__, value))
        elif kind in _SUSPENDED:
            # A suspended generator or coroutine of the submission's code keeps its frame's locals between
            # resumptions: a counter only `codecs.register(generator.send)` keeps (red team, session 23).
            if _SUSPENDED[kind](value).co_filename in filenames:
                functions.append((value.__qualname__, value))
        elif identity(kind) in own_classes:
            instances.append((kind.__qualname__, value))
    return functions + instances


# The types whose objects run the submission's code across calls, each with its code.
_SUSPENDED: dict[type, Callable[[Any], types.CodeType]] = {
    types.GeneratorType: operator.attrgetter("gi_code"),
    types.CoroutineType: operator.attrgetter("cr_code"),
    types.AsyncGeneratorType: operator.attrgetter("ag_code"),
}


def ranked_residents(found: list[tuple[str, Any]], namespace: dict[str, Any]) -> list[tuple[str, Any, bool]]:
    """(name, object, registered) for each of `found`, those only something else keeps alive (registered)
    first, cut to `_MAX_RESIDENTS`, the bound on what every snapshot reads. A name of the submission
    leads to the others, so the cut drops those first: 300 closures in a list of the module's once
    pushed a registered counter past the cut (red team, session 23)."""
    named = reachable_ids(namespace)
    residents = [(name, value, identity(value) not in named) for name, value in found]
    residents.sort(key=lambda resident: not resident[2])  # stable: the collector's order within each
    return residents[:_MAX_RESIDENTS]


def later_functions(known: list[tuple[str, Any]], filenames: set[str]) -> list[tuple[str, Any]]:
    """The submission's functions made since `known` was taken (a closure a call made and registered
    somewhere): every function object that refers to one of the submission's code objects, which
    the collector lists in one pass in C (`gc.get_referrers`, through heap.py)."""
    codes: list[types.CodeType] = []
    pending = [value.__code__ for _, value in known if isinstance(value, types.FunctionType)]
    seen: set[int] = set()
    while pending:
        code = pending.pop()
        if identity(code) in seen or code.co_filename not in filenames:
            continue
        seen.add(identity(code))
        codes.append(code)
        pending.extend(constant for constant in code.co_consts if isinstance(constant, types.CodeType))
    if not codes:
        return []
    have = {identity(value) for _, value in known}
    return [(value.__qualname__, value) for value in referrers(*codes)
            if isinstance(value, types.FunctionType) and identity(value) not in have]


def reachable_ids(namespace: dict[str, Any], limit: int = 50_000) -> set[int]:
    """What the submission's module namespace holds, as the interpreter's own traversal lists it (a few
    levels deep, through containers, closures and objects, never into modules or classes): the
    objects a name of the submission leads to."""
    found: set[int] = {identity(namespace)}
    pending: list[tuple[Any, int]] = [(namespace, 0)]
    while pending and len(found) < limit:
        holder, level = pending.pop()
        for held in _referents(holder):
            if identity(held) in found or isinstance(held, (types.ModuleType, type, types.CodeType)):
                continue
            found.add(identity(held))
            if level < _MAX_DEPTH:
                pending.append((held, level + 1))
    return found


def _own_instance(value: Any, module_name: str) -> bool:
    return submission_class(type(value))


def _function_parts(owner: str, function: types.FunctionType, module_name: str, filenames: set[str],
                    seen: set[int], depth: int) -> Iterator[tuple[str, str, str, Any]]:
    """A function's closure, defaults and attributes when it is the submission's; and every level it
    wraps, the submission's or not (`functools.wraps` on a library function)."""
    def deeper(name: str, member: Any) -> Iterator[tuple[str, str, str, Any]]:
        if callable(member) or isinstance(member, functools.partial):
            yield from reachable_parts(name, member, module_name, filenames, seen, depth + 1)

    own = function.__code__.co_filename in filenames
    if own:
        # The function whole, as the interpreter holds it (closure, defaults, `__dict__` under any name,
        # annotations): what the named places below miss is still read.
        yield owner, "function", "", function
        code = function.__code__
        for cell_name, cell in zip(code.co_freevars, function.__closure__ or ()):
            try:
                contents = cell.cell_contents
            except ValueError:
                continue
            yield owner, "closure", cell_name, contents
            yield from deeper(_name_of(contents, owner), contents)
        positional = code.co_varnames[:code.co_argcount]
        defaults = function.__defaults__ or ()
        for parameter, default in zip(positional[len(positional) - len(defaults):], defaults):
            yield owner, "default", parameter, default
        for parameter, default in (function.__kwdefaults__ or {}).items():
            yield owner, "default", parameter, default
    for attribute, member in list(vars(function).items()):
        if attribute == "__wrapped__":
            yield from deeper(_name_of(member, owner), member)
        elif own and not is_interpreter_name(attribute):
            yield owner, "attribute", attribute, member


# type's own slot, not a property a metaclass of the student's defines.
_type_name: Callable[[type], str] = vars(type)["__name__"].__get__


def _class_parts(owner: str, klass: type, module_name: str, filenames: set[str]) -> Iterator[tuple[str, str, str, Any]]:
    """Data attributes of the submission's own class, of each base class that is its own too (what
    `self.items` finds when only a base defines `items`), and of its metaclass when that is its own; its
    own methods, read whole as the submission's functions (`function`); and the library callables it keeps."""
    # (class, the name its places are told by); compared by identity only, so no metaclass's `__eq__` runs.
    holders = [(klass, owner)] + [(base, _type_name(base)) for base in klass.__mro__[1:] if submission_class(base)] \
        + [(type(klass), _type_name(klass))]
    for each, holder in holders:
        if not submission_class(each):
            continue
        for attribute, member in list(vars(each).items()):
            if is_unread_name(attribute):
                continue
            function = _unwrapped_member(member)
            if attribute not in CLASS_BOOKKEEPING and is_data(member):
                yield holder, "class", attribute, member
            elif isinstance(function, types.FunctionType) and function.__code__.co_filename in filenames:
                yield f"{holder}.{attribute}", "function", "", function
            elif _keeps_a_namespace(function, filenames):
                yield f"{holder}.{attribute}", "library_callable", "", function

