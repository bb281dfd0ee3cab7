"""Capabilities a JAX exercise never needs, found by reading the source in the judge.

A student's code shares its process with the grader's measuring runtime, so
code that reaches the process's file descriptors, starts threads or
processes, loads native code, inspects frames or the garbage collector, runs
code built from strings, rewrites what an object claims to be, or patches a
library module can make that runtime report anything. None of it is needed
to write `norm` or a gradient step, so using it is a tripwire: the judge
flags the submission for review and withholds every point that rests on a
report from the worker (correctness, which the judge checks itself, keeps its
points). Real student habits never trip: timing with `time`, printing,
plotting, magics, `os.environ`, `os.path`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell

__all__ = ["KINDS", "Tripwire", "find_tripwires"]

KINDS = ("descriptor", "process", "native", "thread", "signal", "introspection", "dynamic", "identity",
         "patch", "network")

_MAX_TRIPWIRES = 10

# Importing these at all: a module whose only use is a capability above.
_MODULES = {
    "ctypes": "native", "_ctypes": "native", "cffi": "native",
    "threading": "thread", "_thread": "thread", "concurrent": "thread", "multiprocessing": "thread",
    "asyncio": "thread",
    "signal": "signal",
    "subprocess": "process", "pty": "process", "_posixsubprocess": "process", "posix": "process",
    "socket": "network", "_socket": "network", "ssl": "network", "select": "network", "selectors": "network",
    "mmap": "descriptor", "fcntl": "descriptor", "resource": "descriptor", "termios": "descriptor",
    "marshal": "dynamic",
}

# Functions of harmless modules that are not harmless.
_OS_DESCRIPTORS = {"dup", "dup2", "pipe", "pipe2", "write", "read", "open", "close", "closerange", "fdopen",
                   "set_inheritable", "set_blocking", "sendfile", "splice", "lseek", "pread", "pwrite", "readv",
                   "writev", "openpty", "memfd_create", "eventfd", "ftruncate", "fstat"}
_OS_PROCESSES = {"fork", "forkpty", "kill", "killpg", "system", "popen", "_exit", "abort", "setsid", "setpgid",
                 "setpgrp", "register_at_fork", "login_tty", "execv", "execve", "execl", "execle", "execlp",
                 "execlpe", "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "spawnlp", "spawnlpe",
                 "spawnvp", "spawnvpe", "posix_spawn", "posix_spawnp", "wait", "waitpid", "nice"}
_FUNCTIONS = {
    **{f"os.{name}": "descriptor" for name in _OS_DESCRIPTORS},
    **{f"os.{name}": "process" for name in _OS_PROCESSES},
    **{f"sys.{name}": "introspection" for name in ("_getframe", "_current_frames", "settrace", "setprofile",
                                                   "addaudithook", "_clear_type_cache", "setswitchinterval")},
    **{f"inspect.{name}": "introspection" for name in ("currentframe", "stack", "getouterframes",
                                                       "getinnerframes", "trace")},
    **{f"gc.{name}": "introspection" for name in ("get_objects", "get_referrers", "get_referents", "freeze",
                                                  "disable", "callbacks")},
}
# Attributes that reach frames, code, closures and namespaces from an object.
_INTROSPECTION_ATTRIBUTES = {"__globals__", "__builtins__", "__code__", "__closure__", "__subclasses__",
                             "f_back", "f_globals", "f_locals", "f_builtins", "f_code", "tb_frame", "gi_frame",
                             "cr_frame", "ag_frame", "cell_contents", "co_code", "__self__"}
# What an object claims to be: rewriting it makes one thing pass for another.
_IDENTITY_ATTRIBUTES = {"__class__", "__module__", "__code__", "__dict__", "__bases__", "__globals__",
                        "__closure__", "__defaults__", "__kwdefaults__", "__mro__"}
# Methods that change a dict in place: on a module's namespace, a patch.
_CHANGING_METHODS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"})
# Setting options of display libraries is a notebook habit, not a patch.
_DISPLAY_MODULES = ("matplotlib", "pandas", "seaborn", "IPython", "tqdm", "warnings", "logging", "PIL")


def _constant_name(node: ast.AST) -> str:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else "<computed>"


@dataclass(frozen=True)
class Tripwire:
    """`kind` (one of KINDS) of capability, `what` the code used (`os.dup2`, `import threading`),
    and where: the cell's file name as the worker knows it, and the line in it."""

    kind: str
    what: str
    filename: str
    line: int


def find_tripwires(cells: tuple[ParsedCell, ...]) -> tuple[Tripwire, ...]:
    """Every capability the cells use, in source order, the first few of each."""
    aliases = Aliases()
    found: list[Tripwire] = []
    for cell in cells:
        aliases.learn(cell.tree)
        visitor = _Visitor(aliases, cell.filename)
        visitor.visit(cell.tree)
        for tripwire in visitor.found:
            if tripwire not in found and len(found) < _MAX_TRIPWIRES:
                found.append(tripwire)
    return tuple(found)


class _Visitor(ast.NodeVisitor):
    def __init__(self, aliases: Aliases, filename: str) -> None:
        self.aliases = aliases
        self.filename = filename
        self.found: list[Tripwire] = []

    def trip(self, kind: str, what: str, node: ast.AST) -> None:
        self.found.append(Tripwire(kind, what[:80], self.filename, getattr(node, "lineno", 0)))

    # ------------------------------------------------------------ imports
    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._imported(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module and not node.level:
            self._imported(node.module, node)
            for alias in node.names:
                kind = _FUNCTIONS.get(f"{node.module}.{alias.name}")
                if kind is not None:
                    self.trip(kind, f"from {node.module} import {alias.name}", node)

    def _imported(self, module: str, node: ast.AST) -> None:
        kind = _MODULES.get(module.split(".")[0])
        if kind is not None:
            self.trip(kind, f"import {module}", node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        # `__module__ = "jax._src.array"` in a class body: a class that claims to be another library's.
        for statement in node.body:
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                if any(isinstance(target, ast.Name) and target.id in ("__module__", "__qualname__")
                       for target in targets):
                    self.trip("identity", f"class {node.name}: __module__ =", statement)
        self.generic_visit(node)

    # ------------------------------------------------------ names and calls
    def visit_Name(self, node: ast.Name) -> None:
        if node.id == "__builtins__":
            self.trip("introspection", "__builtins__", node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.ctx, ast.Load):
            qualified = self.aliases.resolve(node)
            if qualified is not None and qualified in _FUNCTIONS:
                self.trip(_FUNCTIONS[qualified], qualified, node)
            elif node.attr in _INTROSPECTION_ATTRIBUTES:
                self.trip("introspection", f".{node.attr}", node)
        else:
            self._stored_attribute(node.value, node.attr, node)
        self.generic_visit(node)

    def _stored_attribute(self, owner: ast.AST, attribute: str, node: ast.AST) -> None:
        if attribute in _IDENTITY_ATTRIBUTES:
            self.trip("identity", f".{attribute} =", node)
            return
        qualified = self._module(owner)
        if qualified is not None and not qualified.startswith(_DISPLAY_MODULES):
            self.trip("patch", f"{qualified}.{attribute} =", node)

    def _module(self, node: ast.AST) -> str | None:
        """The dotted name of the module (or its attribute) `node` reaches: through an import's name
        (`np.linalg`), and through a call or a subscript that returns a module:
        `importlib.import_module("numpy")`, `__import__("numpy")`, `sys.modules["numpy"]` (a name
        computed at run time reads `<computed>`). None for anything else."""
        qualified = self.aliases.resolve(node)
        if qualified is not None:
            return qualified
        if isinstance(node, ast.Attribute):
            owner = self._module(node.value)
            return f"{owner}.{node.attr}" if owner is not None else None
        if isinstance(node, ast.Call) and node.args and (
                (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                or self.aliases.resolve(node.func) == "importlib.import_module"):
            return _constant_name(node.args[0])
        if isinstance(node, ast.Subscript) and self.aliases.resolve(node.value) == "sys.modules":
            return _constant_name(node.slice)
        return None

    def _namespace_of_module(self, node: ast.AST) -> str | None:
        """`m.__dict__` or `vars(m)` where `m` is a module: the module's name, else None."""
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return self._module(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" \
                and len(node.args) == 1:
            return self._module(node.args[0])
        return None

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # `sys.modules[...] = ...`, `vars(np)[...] = ...`, `np.__dict__[...] = ...`: patching by another route.
        if not isinstance(node.ctx, ast.Load):
            owner = self.aliases.resolve(node.value)
            if owner is None and self._namespace_of_module(node.value) is not None:
                self.trip("patch", f"{ast.unparse(node.value)}[...] =", node)
                self.generic_visit(node)
                return
            if owner == "sys.modules" or (isinstance(node.value, ast.Attribute) and node.value.attr == "__dict__"):
                self.trip("patch", f"{ast.unparse(node.value)}[...] =", node)
            elif isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                    and node.value.func.id == "vars" and node.value.args \
                    and self.aliases.resolve(node.value.args[0]) is not None:
                self.trip("patch", f"{ast.unparse(node.value)}[...] =", node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        name = function.id if isinstance(function, ast.Name) else None
        first = node.args[0] if node.args else None
        computed = first is not None and not isinstance(first, ast.Constant)
        if name in ("exec", "eval", "compile") and computed:
            self.trip("dynamic", f"{name}(...) of a computed string", node)
        elif name == "__import__" or self.aliases.resolve(function) == "importlib.import_module":
            if computed:
                self.trip("dynamic", "an import of a computed name", node)
            elif isinstance(first, ast.Constant) and isinstance(first.value, str):
                self._imported(first.value, node)
        elif name in ("setattr", "delattr", "getattr") and len(node.args) >= 2:
            self._attribute_call(name, node)
        elif name == "open" and isinstance(first, ast.Constant) and (
                isinstance(first.value, int) or str(first.value).startswith(("/proc", "/dev/fd"))):
            self.trip("descriptor", f"open({first.value!r})", node)
        elif isinstance(function, ast.Attribute) and function.attr in _CHANGING_METHODS:
            # `np.__dict__.update(...)`, `vars(np).setdefault(...)`: a module's names rebound in bulk.
            module = self._namespace_of_module(function.value)
            if module is not None and not module.startswith(_DISPLAY_MODULES):
                self.trip("patch", f"{ast.unparse(function.value)}.{function.attr}(...)", node)
        self.generic_visit(node)

    def _attribute_call(self, name: str, node: ast.Call) -> None:
        owner, key = node.args[0], node.args[1]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            if name != "getattr" or self.aliases.resolve(owner) is not None:
                self.trip("dynamic", f"{name}(...) with a computed attribute name", node)
            return
        if name == "getattr":
            qualified = self.aliases.resolve(node)  # getattr(os, "dup2") is os.dup2
            if qualified is not None and qualified in _FUNCTIONS:
                self.trip(_FUNCTIONS[qualified], qualified, node)
            elif key.value in _INTROSPECTION_ATTRIBUTES:
                self.trip("introspection", f".{key.value}", node)
            return
        self._stored_attribute(owner, key.value, node)
