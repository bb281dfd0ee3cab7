"""Capabilities a JAX exercise never needs, found by reading the source in the judge.

A student's code shares its process with the grader's measuring runtime, so
code that reaches the process's file descriptors, starts threads or
processes, loads native code, inspects frames or the garbage collector, runs
code built from strings, rewrites what an object claims to be, or patches a
library module can make that runtime report anything. None of it is needed
to write `norm` or a gradient step, so using it is a tripwire: the judge
flags the submission for review and withholds every point that rests on a
report from the worker (correctness, which the judge checks itself, keeps its
points).

What trips is what the code *does*: a capability used (`threading.Thread`,
`ctypes.CDLL`, `os.dup2`), not a module imported or a name written. An unused
`import threading`, `getattr(jnp, name)` in a demo loop and `setattr(self, key,
value)` in a config class are ordinary code; a computed name written into a
library (`setattr(np, name, f)`, `vars(np)[name] = f`) is a patch. Real student
habits never trip: timing with `time`, printing, plotting, magics,
`os.environ`, `os.path`, display settings.
"""

from __future__ import annotations

import ast
import importlib
import sys
import types
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from graders.both_sides.capabilities import CAPABILITY_FUNCTIONS as _FUNCTIONS
from graders.both_sides.capabilities import CAPABILITY_MODULES as _MODULES
from graders.both_sides.capabilities import QUERIES as _QUERIES
from graders.both_sides.proc_paths import reaches_process_files

from .parsed import MAX_READ_DEPTH, Aliases, ParsedCell, module_level
from .parsed import too_deep as _too_deep_for_reading

__all__ = ["KINDS", "Tripwire", "find_tripwires"]

KINDS = ("descriptor", "process", "native", "thread", "signal", "introspection", "dynamic", "identity",
         "patch", "network", "registry", "unreadable")

_MAX_TRIPWIRES = 10
# What runs a string as Python code besides `exec`, `eval` and `compile`.
_TIMEIT_RUNNERS = frozenset({"timeit.timeit", "timeit.repeat", "timeit.Timer", "timeit.main"})

# Attributes that reach frames, code, closures and namespaces from an object.
_INTROSPECTION_ATTRIBUTES = {"__globals__", "__builtins__", "__code__", "__closure__", "__subclasses__",
                             "f_back", "f_globals", "f_locals", "f_builtins", "f_code", "tb_frame", "gi_frame",
                             "cr_frame", "ag_frame", "cell_contents", "co_code", "__self__"}
# Raw memory: the address of an array's buffer, or an object that hands NumPy an address to wrap.
# A JAX array written through one changes a value every check takes as immutable.
_NATIVE_ATTRIBUTES = {"unsafe_buffer_pointer", "__array_interface__", "__cuda_array_interface__", "__array_struct__",
                      "__dlpack__", "ctypes"}
# An event loop's methods that start threads, processes or connections, or take over descriptors and
# signals: an attribute of any object, since the loop is reached through a call (`get_running_loop()`).
_EVENT_LOOP_CAPABILITIES = {
    **dict.fromkeys(("run_in_executor", "set_default_executor"), "thread"),
    **dict.fromkeys(("subprocess_exec", "subprocess_shell"), "process"),
    **dict.fromkeys(("create_connection", "create_server", "create_datagram_endpoint", "create_unix_connection",
                     "create_unix_server", "connect_accepted_socket", "getaddrinfo", "getnameinfo", "sock_connect",
                     "sock_accept", "sock_recv", "sock_sendall", "sock_sendfile"), "network"),
    **dict.fromkeys(("add_reader", "add_writer", "connect_read_pipe", "connect_write_pipe"), "descriptor"),
    "add_signal_handler": "signal",
}
# A library's private caches: a function that reads how much JAX has compiled (`_cache_size()`) can
# count its own calls there.
_CACHE_ATTRIBUTES = {"_cache_size", "_cache_info"}
# A library's private process-wide switches, set and read back by one call (NumPy's returns the value it
# replaced): an attribute of any object, since a library reaches them by many routes.
_SWITCH_ATTRIBUTES = {"_set_madvise_hugepage", "_set_promotion_state"}
# What an object claims to be: rewriting it makes one thing pass for another.
_IDENTITY_ATTRIBUTES = {"__class__", "__module__", "__code__", "__dict__", "__bases__", "__globals__",
                        "__closure__", "__defaults__", "__kwdefaults__", "__mro__"}
# Modules that hold a capability: a computed name read from one (`getattr(os, name)`) may be any of
# them, and `from os import *` hides which. Any other module's names are ordinary functions.
_HOLDERS = frozenset({*_MODULES, *(name.split(".")[0] for name in _FUNCTIONS), "builtins", "importlib"})
# Setting options of display libraries is a notebook habit, not a patch.
_DISPLAY_MODULES = ("matplotlib", "pandas", "seaborn", "IPython", "tqdm", "warnings", "logging", "PIL")
# Methods that write into a namespace: `np.__dict__.update(...)`, `vars(np).setdefault(...)`.
_NAMESPACE_WRITES = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"})


@dataclass(frozen=True)
class Tripwire:
    """`kind` (one of KINDS) of capability, `what` the code used (`os.dup2`, `import threading`),
    and where: the cell's file name as the worker knows it, and the line in it."""

    kind: str
    what: str
    filename: str
    line: int


def find_tripwires(cells: tuple[ParsedCell, ...]) -> tuple[Tripwire, ...]:
    """Every capability the cells use, in source order, the first few; one per kind and line."""
    aliases = Aliases()
    classes: set[str] = set()
    found: list[Tripwire] = []
    seen: set[tuple[str, str, int]] = set()
    descriptors = _own_descriptors(cells)
    strings = {target.id: statement.value.value for cell in cells for statement in module_level(cell.tree)
               if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant)
               and isinstance(statement.value.value, str)
               for target in statement.targets if isinstance(target, ast.Name)}
    for cell in cells:
        if cell.unread_line:
            # What the judge cannot read it cannot vouch for: the points that rest on reading it are withheld.
            found.append(Tripwire("unreadable", f"code nested more than {MAX_READ_DEPTH} levels deep", cell.filename,
                                  cell.unread_line))
            seen.add(("unreadable", cell.filename, cell.unread_line))
            continue
        aliases.learn(cell.tree)
        _learn_classes(cell.tree, classes)
        visitor = _Visitor(aliases, classes, cell.filename, descriptors)
        visitor.strings = strings
        visitor.visit(cell.tree)
        for tripwire in visitor.found:
            key = (tripwire.kind, tripwire.filename, tripwire.line)
            if key not in seen and len(found) < _MAX_TRIPWIRES:
                seen.add(key)
                found.append(tripwire)
    return tuple(found)


# Closing or wrapping a descriptor the student's own `tempfile.mkstemp()` returned is the documented
# idiom (`fd, path = tempfile.mkstemp(); os.close(fd)`), not a use of the process's descriptors.
_OWN_DESCRIPTOR_USES = frozenset({"os.close", "os.fdopen"})


def _own_descriptors(cells: tuple[ParsedCell, ...]) -> frozenset[str]:
    """Names bound once in the whole source, to the descriptor `tempfile.mkstemp()` returned
    (`fd, path = tempfile.mkstemp()`): a name bound anywhere else too could hold any descriptor."""
    aliases = Aliases()
    candidates: set[str] = set()
    stores: dict[str, int] = {}
    for cell in cells:
        aliases.learn(cell.tree)
        for node in ast.walk(cell.tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                stores[node.id] = stores.get(node.id, 0) + 1
            elif isinstance(node, ast.arg):
                stores[node.arg] = stores.get(node.arg, 0) + 2
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call) \
                    and aliases.resolve(node.value.func) == "tempfile.mkstemp":
                target = node.targets[0]
                if isinstance(target, ast.Tuple) and target.elts and isinstance(target.elts[0], ast.Name):
                    candidates.add(target.elts[0].id)
    return frozenset(name for name in candidates if stores.get(name) == 1)


# Extending JAX's compiler (a primitive of one's own, a lowering, the backend client) changes what
# every measurement of a traced or compiled program means: a primitive whose lowering unrolls a loop
# has a jaxpr of one equation. No exercise needs it.
_COMPILER_EXTENSIONS = ("jax.interpreters.mlir", "jax.extend.core.Primitive", "jax.core.Primitive",
                        "jax.extend.mlir", "jax.extend.backend", "jax._src.interpreters.mlir",
                        "jax._src.core.Primitive", "jax._src.xla_bridge", "jax._src.dispatch",
                        "jax._src.monitoring", "jaxlib.xla_client", "jax.lib.xla_client", "jax.lib.xla_bridge",
                        # Where JAX compiles and caches executables: a notebook that calls in can have another
                        # program run for its own (red team, session 34). The public cache settings
                        # (`jax.experimental.compilation_cache`, `jax.config`) are not these names.
                        "jax._src.compiler.compile_or_get_cached", "jax._src.compiler.backend_compile_and_load",
                        "jax._src.compiler._cache_read", "jax._src.compiler._cache_write",
                        "jax._src.compiler._compile_and_write_cache", "jax._src.compilation_cache._cache",
                        "jax._src.compilation_cache.put_executable_and_time",
                        "jax._src.compilation_cache.get_executable_and_time",
                        "jax._src.interpreters.pxla._cached_compilation")
# Raw memory by an ordinary name: an array's address.
_ADDRESSES = frozenset({"numpy.byte_bounds", "numpy.lib.array_utils.byte_bounds", "numpy.from_dlpack"})


def _capability(qualified: str | None) -> str | None:
    """The kind of capability a dotted name is (`threading.Thread`, `os.dup2`), or None: as written, or
    as the standard library defines it when the name reaches it through another module
    (`logging.handlers.socket.socketpair` is `socket.socketpair`)."""
    if qualified is None:
        return None
    return _kind_of(qualified) or _kind_of(_defined_as(qualified))


def _private_to_a_library(qualified: str) -> bool:
    """A name inside a package that is not the standard library's, with a private part below the top
    (`numpy._core._multiarray_umath.x`, `jax._src.config.y`); dunders (`np.__version__`) are public."""
    top, *parts = qualified.split(".")
    return top not in _STANDARD_LIBRARY and any(
        part.startswith("_") and not (part.startswith("__") and part.endswith("__")) for part in parts)


def _kind_of(qualified: str) -> str | None:
    if qualified in _FUNCTIONS:
        return _FUNCTIONS[qualified]
    if qualified in _ADDRESSES:
        return "native"
    if any(qualified == prefix or qualified.startswith(prefix + ".") for prefix in _COMPILER_EXTENSIONS):
        return "patch"
    if qualified in _QUERIES:
        return None
    return _MODULES.get(qualified.split(".")[0])


# Standard-library modules never imported to read a name: importing them does something (a browser
# opened, a text printed, a window library loaded).
_NEVER_IMPORTED = frozenset({"antigravity", "this", "__hello__", "__phello__", "turtle", "turtledemo", "tkinter",
                             "idlelib", "_tkinter", "pydoc_data", "lib2to3", "ensurepip", "venv", "test"})
_STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) - _NEVER_IMPORTED
_imported: dict[str, types.ModuleType | None] = {}


def _standard_module(name: str) -> types.ModuleType | None:
    """The standard library's module `name`, imported on first need; None for anything else (a package of
    anyone's is never imported by the judge to read a name, so the same source reads the same in every judge)."""
    if name.split(".")[0] not in _STANDARD_LIBRARY:
        return None
    if name not in _imported:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _imported[name] = importlib.import_module(name)
        except Exception:  # noqa: BLE001 - no such module (`os.environ`), or one this platform lacks
            _imported[name] = None
    return _imported[name]


def _walk(qualified: str) -> tuple[types.ModuleType | None, int]:
    """The standard library's module `qualified` reaches, following each module reached as another module's
    attribute, and how many of its names that took (all of them when `qualified` is that module)."""
    parts = qualified.split(".")
    module = _standard_module(parts[0])
    if module is None:
        return None, 0
    for index, part in enumerate(parts[1:], start=1):
        found = vars(module).get(part)
        if not isinstance(found, types.ModuleType):
            found = _standard_module(f"{module.__name__}.{part}") if found is None else None
        if found is None or found.__name__.split(".")[0] not in _STANDARD_LIBRARY:
            return module, index
        module = found
    return module, len(parts)


def _defined_as(qualified: str) -> str:
    """`qualified` as the standard library defines it (`logging.os` is `os`; `os.path` is `posixpath`); as
    written past the first name that is no module of the standard library's."""
    module, reached = _walk(qualified)
    if module is None:
        return qualified
    return ".".join([module.__name__, *qualified.split(".")[reached:]])


def _holder_module(qualified: str) -> str | None:
    """The capability-holding module of the standard library's that `qualified` is itself (`os`, as
    `logging.os` or `sys.modules["os"]` too), or None: a name that is no module, or a harmless one."""
    module, reached = _walk(qualified)
    if module is None or reached < len(qualified.split(".")):
        return None
    return module.__name__ if module.__name__.split(".")[0] in _HOLDERS else None


def _chain(node: ast.AST) -> Iterator[ast.AST]:
    """`a.b.c` and `getattr(a, "b")`: the node, then each node it is reached through, down to `a`."""
    while True:
        yield node
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                and node.args:
            node = node.args[0]
        else:
            return


def _class_of(node: ast.AST) -> bool:
    """`type(x)` or `x.__class__`: a class reached through an object, which every instance shares.
    Through `self` or `cls` it is the student's own class, theirs to change."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
            and len(node.args) == 1:
        inner: ast.AST = node.args[0]
    elif isinstance(node, ast.Attribute) and node.attr == "__class__":
        inner = node.value
    else:
        return False
    return not (isinstance(inner, ast.Name) and inner.id in ("self", "cls"))


def _learn_classes(tree: ast.Module, classes: set[str]) -> None:
    """Module-level names bound to a class reached through an object (`_Array = type(jnp.zeros(1))`)."""
    for statement in module_level(tree):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    (classes.add if _class_of(statement.value) else classes.discard)(target.id)


@dataclass(frozen=True)
class _Scope:
    """A function's own names (parameters and what it assigns, not what it imports: `def f(signal)`
    is no use of the `signal` module), and those of them bound to a class reached through an object."""

    bound: frozenset[str]
    classes: frozenset[str]


def _scope_of(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> _Scope:
    arguments = function.args
    names = {argument.arg for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    names.update(argument.arg for argument in (arguments.vararg, arguments.kwarg) if argument is not None)
    classes: set[str] = set()
    body: list[ast.AST] = [function.body] if isinstance(function, ast.Lambda) else list(function.body)
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Assign) and _class_of(node.value):
                classes.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return _Scope(frozenset(names), frozenset(classes))


class _Visitor(ast.NodeVisitor):
    def __init__(self, aliases: Aliases, classes: set[str], filename: str,
                 descriptors: frozenset[str] = frozenset()) -> None:
        self.aliases = aliases
        self.classes = classes
        self.filename = filename
        self.descriptors = descriptors
        self.found: list[Tripwire] = []
        # Module-level names bound to a string written in the source: code a call may run (`_code_in_strings`).
        self.strings: dict[str, str] = {}
        self._scopes: list[_Scope] = []
        self._reported: set[int] = set()  # nodes of a chain already reported as a whole
        # Where a capability module may stand as a value and the scan still follows it: the object of an
        # attribute or of `getattr`/`hasattr`, and the value of a module-level alias (`J = os`).
        self._followed: set[int] = set()
        self._called: set[int] = set()  # nodes that are a call's function or a decorator: used, not handed on

    def trip(self, kind: str, what: str, node: ast.AST) -> None:
        self.found.append(Tripwire(kind, what[:80], self.filename, getattr(node, "lineno", 0)))

    def resolve(self, node: ast.AST) -> str | None:
        """What an imported name refers to, unless the function around it bound that name itself."""
        base = list(_chain(node))[-1]
        if isinstance(base, ast.Name) and any(base.id in scope.bound for scope in self._scopes):
            return None
        return self.aliases.resolve(node)

    def shared_owner(self, node: ast.AST) -> str | None:
        """How the source names `node` when it is shared by the whole process and not the
        submission's to change: a library's module, function or class (`np`, `jnp.ndarray`), or a
        class reached through an object (`type(jnp.zeros(1))`); None for the student's own objects
        (`self`, an instance of their class, a parameter) and for display settings."""
        qualified = self.resolve(node)
        if qualified is not None:
            return None if qualified.startswith(_DISPLAY_MODULES) else qualified
        if _class_of(node):
            return ast.unparse(node)
        if isinstance(node, ast.Name):
            for scope in reversed(self._scopes):
                if node.id in scope.bound:
                    return node.id if node.id in scope.classes else None
            if node.id in self.classes:
                return node.id
        return None

    # ------------------------------------------------------------ scopes
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._in_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._in_function(node)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._in_function(node)

    def _in_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        # What a definition evaluates where it stands, when it is defined: its decorators, defaults and
        # annotations belong to the enclosing scope (`@atexit.register` at load runs once; a type hint
        # from `jax._src.typing` never runs at call time: honest class, session 26).
        arguments = node.args
        standing: list[ast.AST] = [*arguments.defaults, *(default for default in arguments.kw_defaults if default)]
        standing += [argument.annotation for argument in (*arguments.posonlyargs, *arguments.args,
                                                           *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
                     if argument is not None and argument.annotation is not None]
        if not isinstance(node, ast.Lambda):
            self._called.update(map(id, node.decorator_list))  # `@atexit.register` runs it, at load
            standing = [*node.decorator_list, *standing, *([node.returns] if node.returns else [])]
        for part in standing:
            self.visit(part)
        self._scopes.append(_scope_of(node))
        try:
            for statement in (node.body if isinstance(node.body, list) else [node.body]):
                self.visit(statement)
        finally:
            self._scopes.pop()

    def visit_Assign(self, node: ast.Assign) -> None:
        if not self._scopes and all(isinstance(target, ast.Name) for target in node.targets):
            self._followed.add(id(node.value))  # an alias `Aliases` learns
        self.generic_visit(node)

    # ------------------------------------------------------------ imports
    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        # Importing names is no use of them, but `*` hides which names later lines use.
        if node.module and not node.level and node.module.split(".")[0] in _HOLDERS \
                and any(alias.name == "*" for alias in node.names):
            self.trip(_MODULES.get(node.module.split(".")[0], "dynamic"), f"from {node.module} import *", node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        # `__module__ = "jax._src.array"` in a class body: a class that claims to be another library's.
        for statement in node.body:
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                if any(isinstance(target, ast.Name) and target.id in ("__module__", "__qualname__")
                       for target in targets):
                    self.trip("identity", f"class {node.name}: __module__ =", statement)
                if any(isinstance(target, ast.Name) and target.id in _NATIVE_ATTRIBUTES for target in targets):
                    self.trip("native", f"class {node.name}: raw memory interface", statement)
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and statement.name in _NATIVE_ATTRIBUTES:
                self.trip("native", f"class {node.name}: {statement.name}", statement)
        self.generic_visit(node)

    # ------------------------------------------------------ names and calls
    def visit_Name(self, node: ast.Name) -> None:
        if node.id == "__builtins__":
            self.trip("introspection", "__builtins__", node)
        elif isinstance(node.ctx, ast.Load):
            if id(node) not in self._reported:
                self._used(node)
            self._passed_on(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self._followed.add(id(node.value))
        if isinstance(node.ctx, ast.Load):
            self._passed_on(node)
            if id(node) not in self._reported and not self._used(node):
                if node.attr in _INTROSPECTION_ATTRIBUTES or (node.attr in _CACHE_ATTRIBUTES and self._scopes):
                    # A cache's size printed in a demo cell is a lesson; read inside a function, it is
                    # a counter of that function's calls.
                    self.trip("introspection", f".{node.attr}", node)
                elif node.attr in _NATIVE_ATTRIBUTES:
                    self.trip("native", f".{node.attr}", node)
                elif node.attr in _SWITCH_ATTRIBUTES and self._scopes:
                    self.trip("registry", f".{node.attr}", node)
                elif node.attr in _EVENT_LOOP_CAPABILITIES:
                    self.trip(_EVENT_LOOP_CAPABILITIES[node.attr], f".{node.attr}", node)
        else:
            self._stored_attribute(node.value, node.attr, node)
        self.generic_visit(node)

    def _passed_on(self, node: ast.AST) -> None:
        """Trip when a capability-holding module is handed on as a value where the scan cannot follow it
        (`(o,) = (logging.os,)`, a local `o = os`, `helper(sys)`, `for m in (os,)`, a default argument):
        its later uses would read as an unknown object's methods (red team, sessions 24 and 25). One rule
        for every route, instead of teaching the scan each binding form."""
        if id(node) in self._followed:
            return
        qualified = self.resolve(node)
        module = _holder_module(qualified) if qualified is not None else None
        if module is not None:
            self.trip(_MODULES.get(module.split(".")[0], "dynamic"),
                      f"the module {module} passed on as a value ({ast.unparse(node)[:40]})", node)

    def _used(self, node: ast.AST) -> bool:
        """Trip when `node` names a capability (`threading.Thread`, `dup2` imported from os); whether it
        did. The longest name decides for the names inside it: `multiprocessing.cpu_count` is a
        question, whatever `multiprocessing` alone would be."""
        qualified = self.resolve(node)
        if qualified is None:
            return False
        self._reported.update(id(part) for part in _chain(node))
        kind = _capability(qualified)
        if kind is None and self._scopes and _private_to_a_library(qualified):
            # A library's private function or module reached from a function (NumPy's
            # `_multiarray_umath._set_numpy_warn_if_no_mem_policy`, red team round 20): its internals keep
            # process-wide switches no snapshot reads, and a JAX exercise needs none of them.
            kind = "registry"
        if kind is None or (kind == "registry" and not self._scopes and id(node) in self._called):
            # A registry written at load is written once (`atexit.register(print_summary)` in a cell, a
            # census habit); only inside a function can it count calls. Handed on as a value at load
            # (`key=sys.intern` kept in a default, red team round 20), where it is called cannot be seen.
            return kind is not None
        self.trip(kind, qualified, node)
        return True

    def _stored_attribute(self, owner: ast.AST, attribute: str, node: ast.AST) -> None:
        if attribute in _IDENTITY_ATTRIBUTES:
            self.trip("identity", f".{attribute} =", node)
            return
        shared = self.shared_owner(owner)
        if shared is not None:
            self.trip("patch", f"{shared}.{attribute} =", node)

    def _namespace_of(self, node: ast.AST) -> str | None:
        """The library whose namespace `node` is (`np.__dict__`, `vars(np)`, `sys.modules`), or None:
        a student's own object's `__dict__` is theirs to fill."""
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return self.resolve(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" and node.args:
            return self.resolve(node.args[0])
        if self.resolve(node) == "sys.modules":
            return "sys.modules"
        return None

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # `sys.modules[...] = ...`, `vars(np)[...] = ...`, `np.__dict__[...] = ...`: patching by another route.
        if not isinstance(node.ctx, ast.Load) and self._namespace_of(node.value) is not None:
            self.trip("patch", f"{ast.unparse(node.value)}[...] =", node)
        elif isinstance(node.ctx, ast.Load):
            self._passed_on(node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        self._called.add(id(function))
        name = function.id if isinstance(function, ast.Name) else None
        first = node.args[0] if node.args else None
        computed = first is not None and not isinstance(first, ast.Constant)
        rebuilt = next((keyword.arg for keyword in node.keywords if (keyword.arg or "").startswith("co_")), None)
        if name in ("getattr", "hasattr") and first is not None:
            self._followed.add(id(first))
        self._passed_on(node)  # `importlib.import_module("os")`
        if rebuilt is not None:
            # A code object's fields given anew (`code.replace(co_filename=...)`, however the call is made):
            # code that claims another file or other constants. No exercise needs one.
            self.trip("dynamic", f"a code object rebuilt (`{rebuilt}=`)", node)
        self._code_in_strings(node, name)
        if name in ("exec", "eval", "compile") and computed:
            self.trip("dynamic", f"{name}(...) of a computed string", node)
        elif name == "__import__" or self.resolve(function) == "importlib.import_module":
            self._dynamic_import(node, first, computed)
        elif isinstance(first, ast.Name) and first.id in self.descriptors \
                and self.resolve(function) in _OWN_DESCRIPTOR_USES:
            self._reported.update(id(part) for part in _chain(function))
        elif name in ("setattr", "delattr", "getattr") and len(node.args) >= 2:
            self._attribute_call(name, node)
        elif name == "open" and isinstance(first, ast.Constant) and (
                isinstance(first.value, int) or reaches_process_files(str(first.value))):
            self.trip("descriptor", f"open({first.value!r})", node)
        elif isinstance(function, ast.Attribute) and function.attr in _NAMESPACE_WRITES \
                and self._namespace_of(function.value) is not None:
            self.trip("patch", f"{ast.unparse(function)}(...)", node)
        self.generic_visit(node)

    def _code_in_strings(self, node: ast.Call, name: str | None) -> None:
        """Code the call runs from a string (`exec`, `eval`, `compile`, `timeit.timeit(stmt, setup)`, a
        `Timer`) is the student's code too: read like the cells, each finding at the call's line. A string
        that defines functions or classes is code the grader runs without following (its functions are no
        cell's), so that is a tripwire of its own; `timeit.timeit("f(x)")`, the honest habit, is not."""
        resolved = self.resolve(node.func) or ""
        runs_code = name in ("exec", "eval", "compile") or resolved in _TIMEIT_RUNNERS
        if not runs_code:
            return
        given = [*node.args[:2], *(keyword.value for keyword in node.keywords
                                   if keyword.arg in ("stmt", "setup", "source"))]
        # A string written in place, or a module-level name bound to one (`BODY = "..."; exec(BODY)`).
        strings = [text for text in map(self._string_of, given) if text is not None]
        if resolved in _TIMEIT_RUNNERS and any(not isinstance(argument, (ast.Constant, ast.Lambda, ast.Name,
                                                                         ast.Attribute)) for argument in given):
            self.trip("dynamic", f"{resolved}(...) of a computed string", node)
        for text in strings:
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue
            if _too_deep_for_reading(tree):
                self.trip("unreadable", "code in a string nested too deeply to read", node)
                continue
            if any(isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
                   for inner in ast.walk(tree)):
                self.trip("dynamic", "functions or classes defined in a string run as code", node)
            inner_visitor = _Visitor(self.aliases, self.classes, self.filename, self.descriptors)
            inner_visitor.strings = self.strings
            inner_visitor.visit(tree)
            self.found += [Tripwire(found.kind, found.what, self.filename, node.lineno)
                           for found in inner_visitor.found]

    def _string_of(self, argument: ast.expr) -> str | None:
        """The text of a string written in place, or of a module-level name bound to one; else None."""
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            return argument.value
        if isinstance(argument, ast.Name):
            return self.strings.get(argument.id)
        return None

    def _dynamic_import(self, node: ast.Call, first: ast.expr | None, computed: bool) -> None:
        # A module imported by a computed name may be any; one of the capability modules imported by
        # a call is a name the scan could lose track of (`m = importlib.import_module("ctypes")` in
        # a function), and no notebook habit writes one.
        if computed:
            self.trip("dynamic", "an import of a computed name", node)
        elif isinstance(first, ast.Constant) and isinstance(first.value, str):
            kind = _MODULES.get(first.value.split(".")[0])
            if kind is not None:
                self.trip(kind, ast.unparse(node), node)

    def _attribute_call(self, name: str, node: ast.Call) -> None:
        owner, key = node.args[0], node.args[1]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            # Reading a computed name is ordinary (`getattr(jnp, name)`, `getattr(self, key)`) unless the
            # owner holds a capability; writing one into what the process shares is a patch, into the
            # student's own objects not.
            if name == "getattr":
                qualified = self.resolve(owner)
                if qualified is not None and qualified.split(".")[0] in _HOLDERS:
                    self.trip("dynamic", f"getattr({qualified}, ...) with a computed attribute name", node)
            else:
                shared = self.shared_owner(owner)
                if shared is not None:
                    self.trip("patch", f"{name}({shared}, ...) with a computed attribute name", node)
            return
        if name == "getattr":
            if not self._used(node) and key.value in _INTROSPECTION_ATTRIBUTES:
                self.trip("introspection", f".{key.value}", node)
            return
        self._stored_attribute(owner, key.value, node)
