"""What a graded function reads and changes beyond its arguments, read from its source in the judge.

Issue #50's policy: a graded function is pure when its result depends only on its arguments and it
changes nothing the caller can see (its arguments, or module-level data its source reads or writes).
This module reads the second half from the source, and the judge's comparison of outputs
(`checks/no_globals.py`) decides the first wherever the state is kept. Nothing here runs the
submission: it follows, from the graded name's module-level binding, every function the call can run
(helpers it names, the function a `jax.jit`, `partial` or decorator wraps, the functions a factory or a
decorator returns, the methods of a class it uses), and records:

- **reads** of module-level data (`THRESHOLD`, `Config.SCALE`, `CACHE[k]`): data is whatever a module-level
  name is bound to that is not code (a `def`, a class, an import, a `jax.jit(...)`, `partial(...)`, a
  logger); under jit such a value is frozen into the compiled program when it is traced;
- **writes**: `global X` then `X = ...`; module-level data changed in place (`X.append`, `X[k] = v`,
  `X.attr += 1`, `next(X)`, `del X[k]`);
- **state kept between calls**: a closure variable of a factory or decorator changed by the function it
  returns (`nonlocal count`, `cache[k] = v`), a mutable default changed by the body, an argument bound
  by `functools.partial` changed by the function, a class attribute or the graded object's own
  attribute assigned by a method;
- **library state**: a draw from the global random generators of `random` and `numpy.random`;
- **namespace reads**: `globals()`, `vars(module)`, `sys.modules`, `module.__dict__` in the function,
  routes no reading can follow to a name.

A library's own memo cache (`functools.cache`, `lru_cache`, `singledispatch`) is no state a pure helper's
caller can see: what such a cache changes, if anything, the comparison of outputs shows.
"""

from __future__ import annotations

import ast
import builtins
import sys
import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .parsed import Aliases, ParsedCell, module_level

__all__ = ["StateUse", "reached_state"]


@dataclass(frozen=True)
class StateUse:
    """One thing `function` does beyond its arguments, at `filename`:`line` (`code`).

    `access`: `read` (module-level data), `write` (a module-level name assigned), `state` (something kept
    between calls changed, of `kind` `global`, `class`, `object`, `closure`, `default`, `partial`,
    `iterator` or `rng`), `namespace` (a whole namespace read), or `logger` (a logger the code names: no
    dependency, worth a note about jit). `name` is the place (`THRESHOLD`,
    `Config.SCALE`, `count`), `owner` who keeps it (the factory of a closure, the function of a default).
    """

    access: str
    kind: str
    function: str
    name: str
    owner: str
    filename: str
    line: int
    code: str
    type: str = ""


# On one line, what a statement changes is said before what it reads.
_ACCESS_ORDER = {"write": 0, "state": 0, "read": 1, "namespace": 2, "logger": 3}

# Methods that change the container or object they are called on, for the containers a student keeps:
# list, dict, set, deque, bytearray, array.array, NumPy arrays (`fill`, `sort`, `put`), Counter.
_CHANGING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "add",
    "discard", "sort", "reverse", "appendleft", "extendleft", "popleft", "rotate", "fill", "put", "resize",
    "itemset", "intersection_update", "difference_update", "symmetric_difference_update", "subtract",
    "__setitem__", "__delitem__", "__iadd__", "send", "write", "move_to_end",
})
# What makes code, not data, when a module-level name is bound to its call.
_CODE_MAKERS = frozenset({
    *(f"jax.{name}" for name in ("jit", "vmap", "pmap", "grad", "value_and_grad", "jacfwd", "jacrev", "jacobian",
                                 "hessian", "checkpoint", "remat", "custom_jvp", "custom_vjp", "named_call",
                                 "tree_util.Partial", "pjit", "shard_map")),
    "jax.numpy.vectorize", "numpy.vectorize", "numpy.frompyfunc",
    *(f"functools.{name}" for name in ("partial", "cache", "lru_cache", "wraps", "singledispatch",
                                       "cached_property", "update_wrapper", "total_ordering")),
    *(f"typing.{name}" for name in ("TypeVar", "NewType", "ParamSpec", "TypeVarTuple", "NamedTuple", "TypedDict",
                                    "TypeAliasType")),
    "collections.namedtuple", "typing.NamedTuple", "typing.TypeVar", "typing.NewType", "typing.ParamSpec",
    "dataclasses.make_dataclass", "operator.itemgetter", "operator.attrgetter", "operator.methodcaller",
})
# Calls that change what the process or a library keeps for everyone (a setting, a registry, a file): the next
# call can read it back. Read from the source; the judge's tripwires hold the dynamic routes to them.
_PROCESS_SETTINGS = frozenset({
    "os.umask", "os.chdir", "os.putenv", "os.unsetenv", "os.nice", "os.chmod", "os.utime", "os.mkdir",
    "os.makedirs", "os.remove", "os.unlink", "os.rename", "os.replace", "os.rmdir", "os.symlink", "os.link",
    "os.truncate", "os.setpgid", "os.setsid",
    "sys.set_int_max_str_digits", "sys.setrecursionlimit", "sys.setswitchinterval", "sys.setprofile",
    "sys.settrace", "sys.setdlopenflags",
    "locale.setlocale", "decimal.setcontext", "decimal.localcontext",
    "warnings.filterwarnings", "warnings.simplefilter", "warnings.resetwarnings",
    "logging.disable", "logging.basicConfig", "logging.setLoggerClass", "logging.addLevelName",
    "codecs.register", "codecs.register_error", "atexit.register", "copyreg.pickle", "mimetypes.add_type",
    "numpy.seterr", "numpy.seterrcall", "numpy.set_printoptions", "numpy.setbufsize",
    "jax.config.update", "jax.config.config.update",
})
_PROCESS_SETTING_MODULES = ("faulthandler.", "tracemalloc.", "syslog.", "resource.set", "signal.", "shutil.",
                            "readline.", "gc.", "site.")
_FILE_MODULES = ("os.", "shutil.")
_FILE_OPENERS = frozenset({"io.open", "os.open", "codecs.open", "gzip.open", "bz2.open", "lzma.open",
                           "tempfile.mkstemp", "tempfile.mkdtemp", "numpy.save", "numpy.savez", "numpy.savetxt"})
_FILE_WRITING_METHODS = frozenset({"write_text", "write_bytes", "touch", "mkdir", "unlink", "rename", "replace",
                                   "chmod", "rmdir", "open", "symlink_to", "hardlink_to"})
# Methods that change what they are called on for some types only: `var.set(v)` on a `ContextVar` or a
# `threading.Event` keeps a value; `x.at[i].set(v)` returns a new array and changes nothing.
_SETTING_METHODS = frozenset({"set", "reset", "setLevel", "addHandler", "removeHandler", "addFilter",
                              "removeFilter", "setFormatter", "set_state", "reconfigure"})
# Library calls that hand every caller the same object, kept for the whole process.
_SHARED_RESULTS = frozenset({"logging.getLogger", "decimal.getcontext", "threading.current_thread",
                             "threading.main_thread", "contextvars.copy_context", "sys.modules.get",
                             "sys.getdefaultencoding", "numpy.geterrobj", "inspect.currentframe",
                             "sys._getframe", "gc.get_objects", "gc.get_referrers", "codecs.lookup",
                             "importlib.import_module", "numpy.random.get_state", "random.getstate"})
# The module's own namespaces, named in code: what is put in them is module-level data.
_MODULE_DUNDERS = frozenset({"__annotations__", "__builtins__", "__dict__"})
# Where the interpreter keeps code it runs on a call's behalf (a codec lookup runs every search function).
_REGISTRIES = frozenset({"codecs.register", "sys.addaudithook", "sys.setprofile", "sys.settrace",
                         "threading.settrace", "threading.setprofile", "copyreg.pickle"})
_RESTORING_CONTEXTS = frozenset({"warnings.catch_warnings", "decimal.localcontext", "numpy.errstate",
                                 "numpy.printoptions", "contextlib.redirect_stdout", "contextlib.redirect_stderr",
                                 "jax.numpy_rank_promotion", "jax.default_matmul_precision",
                                 "jax.ensure_compile_time_eval", "jax.default_device", "jax.disable_jit",
                                 "jax.enable_x64", "jax.experimental.enable_x64"})
_CODEC_METHODS = frozenset({"encode", "decode"})
# Library functions that change their first argument in place.
_MUTATING_FUNCTIONS = frozenset({
    "bisect.insort", "bisect.insort_left", "bisect.insort_right", "heapq.heappush", "heapq.heappop",
    "heapq.heapify", "heapq.heapreplace", "heapq.heappushpop", "random.shuffle", "numpy.random.shuffle",
    "operator.setitem", "operator.delitem", "operator.iadd", "operator.iconcat", "operator.ior", "numpy.copyto",
    "numpy.put", "numpy.place", "numpy.putmask", "numpy.fill_diagonal", "numpy.add.at",
    "collections.deque.append", "dict.update", "dict.setdefault", "list.extend", "list.insert",
})
_BUILTIN_CONTAINERS = frozenset({"list", "dict", "set", "bytearray", "collections.deque", "collections.OrderedDict",
                                 "collections.Counter", "collections.defaultdict", "object"})
# What a function or JAX wrapper offers that reads no state: anything else read from it (`cache_info()`,
# `_cache_size()`, an attribute the source set) is data the calls leave behind.
_STATELESS_WRAPPER_ATTRIBUTES = frozenset({
    "lower", "trace", "eval_shape", "__name__", "__qualname__", "__doc__", "__module__", "__wrapped__",
    "__call__", "__get__", "register", "dispatch", "registry", "defvjp", "defjvp", "defjvps", "fun", "func",
    "args", "keywords", "__defaults__", "__annotations__", "__signature__",
})
_MEMOIZERS = frozenset({"functools.cache", "functools.lru_cache"})
_WRAPPING_BUILTINS = frozenset({"staticmethod", "classmethod", "property"})
_GENERIC_BUILTINS = frozenset({"list", "dict", "tuple", "set", "frozenset", "type"})
_LOGGER_MAKERS = frozenset({"logging.getLogger", "logging.LoggerAdapter"})
# Everything under these draws from (or seeds) a global generator; the names listed construct a generator
# of one's own, which is data like any other object.
_GLOBAL_RNG_MODULES = ("numpy.random", "random")
_OWN_GENERATORS = frozenset({
    "numpy.random.default_rng", "numpy.random.Generator", "numpy.random.RandomState", "numpy.random.SeedSequence",
    "numpy.random.PCG64", "numpy.random.PCG64DXSM", "numpy.random.MT19937", "numpy.random.Philox",
    "numpy.random.SFC64", "numpy.random.BitGenerator", "random.Random", "random.SystemRandom",
})
_NAMESPACE_CALLS = frozenset({"globals", "vars"})
# A class's display methods run when an object is printed, never for a graded call's result.
_DISPLAY_METHODS = frozenset({"__repr__", "__str__", "__format__", "__rich_repr__", "_repr_html_",
                              "_repr_markdown_", "_repr_latex_", "_repr_pretty_", "__dir__"})
# What runs while a class statement runs (a subclass is made, a descriptor is named), never for a call.
_CLASS_STATEMENT_HOOKS = frozenset({"__init_subclass__", "__set_name__", "__class_getitem__", "__prepare__"})
# A class of these makes constants or types, not data: an enum's members, a named tuple's fields.
_CONSTANT_CLASSES = ("enum.", "typing.NamedTuple", "typing.TypedDict", "typing.Protocol")
# A function reached through many helpers is still read; past this many, the reading stops (a file of
# thousands of functions is no exercise answer, and the comparison of outputs still runs).
_MAX_FUNCTIONS = 200

Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True)
class _Binding:
    """What a module-level name is bound to, as the cells leave it. `kind`: `function`, `class`,
    `made` (a function a call made: `jax.jit(f)`, `partial(f, ...)`, a factory's result), `instance` (an
    object of the submission's own class), `library` (an import, or a library's function or class),
    `logger`, or `data`."""

    kind: str
    node: ast.AST
    filename: str
    line: int


@dataclass
class _Scope:
    """A function's own names. `per_call`: they are made anew on each call of what is graded (the graded
    function's own locals, a helper's); a factory's or decorator's run once, at module level, so what
    the functions they return change in them is kept between calls."""

    owner: str
    names: set[str]
    per_call: bool
    mutable_defaults: dict[str, ast.AST] = field(default_factory=dict)
    # Locals bound to what a memoized function returned: its cache hands the same object to every call.
    cached_locals: dict[str, str] = field(default_factory=dict)
    # Locals bound to an object that outlives the call (`f = zl`): what changes it is kept between calls.
    shared_locals: dict[str, str] = field(default_factory=dict)
    # A method's first parameter, whatever it is called (`self`, `this`, `cls`), and whether it is the class.
    self_name: str = ""
    is_classmethod: bool = False
    partial_bound: dict[str, str] = field(default_factory=dict)


def reached_state(cells: tuple[ParsedCell, ...], name: str) -> list[StateUse]:
    """What `name` and everything its call can run read and change beyond their arguments, in source order."""
    return _Reader(cells).read(name)


class _Reader:
    def __init__(self, cells: tuple[ParsedCell, ...]) -> None:
        self.aliases = Aliases()
        self.bindings: dict[str, _Binding] = {}
        self.classes: dict[str, tuple[str, ast.ClassDef]] = {}
        self.registered: list[tuple[str, ast.Call]] = []
        # Functions attached to a module-level name after it is made: `f.defvjp(fwd, bwd)`, `@f.defjvp def ...`.
        self.attached: dict[str, list[tuple[str, ast.AST]]] = {}
        self.in_builtins: set[str] = set()
        # Names a call is made through (`_track()`): an object called runs its `__call__`, it is not read.
        self.called: set[int] = set()
        # What the reached code calls: the modules it names, and the methods it calls by name.
        self.modules_used: set[str] = set()
        self.methods_used: set[str] = set()
        self.scoped: set[int] = set()
        for cell in cells:
            self.aliases.learn(cell.tree)
            for statement in module_level(cell.tree):
                self._learn(cell.filename, statement)
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) \
                        and (self.aliases.resolve(statement.value.func) or "") in _REGISTRIES:
                    self.registered.append((cell.filename, statement.value))
                elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) \
                        and isinstance(statement.value.func, ast.Attribute) \
                        and isinstance(statement.value.func.value, ast.Name):
                    self.attached.setdefault(statement.value.func.value.id, []).append((cell.filename, statement.value))
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for decorator in statement.decorator_list:
                        holder = decorator.func if isinstance(decorator, ast.Call) else decorator
                        if isinstance(holder, ast.Attribute) and isinstance(holder.value, ast.Name) \
                                and holder.value.id != statement.name:
                            self.attached.setdefault(holder.value.id, []).append(
                                (cell.filename, ast.Name(id=statement.name, ctx=ast.Load())))
        self.found: dict[tuple[str, str, str, int], StateUse] = {}
        self.visited: set[int] = set()
        self.pending: list[tuple[str, Function, list[_Scope], str]] = []
        self.instance_classes: set[str] = set()
        self.reached_names: set[str] = set()
        self.reached_classes: set[tuple[str, bool]] = set()
        # `norm.traces = 0`, anywhere in the source: attributes kept on the submission's objects.
        self.assigned_attributes: dict[tuple[str, str], ast.AST | None] = {
            (target.value.id, target.attr): getattr(node, "value", None) for cell in cells
            for node in ast.walk(cell.tree) for target in _assigned_targets(node)
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)}

    # ----------------------------------------------------------------- module-level bindings
    def _learn(self, filename: str, statement: ast.stmt) -> None:
        line = statement.lineno
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.bindings[statement.name] = _Binding("function", statement, filename, line)
        elif isinstance(statement, ast.ClassDef):
            self.bindings[statement.name] = _Binding("class", statement, filename, line)
            self.classes[statement.name] = (filename, statement)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                bound = alias.asname or alias.name.split(".")[0]
                self.bindings[bound] = _Binding("library", statement, filename, line)
        elif isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name) \
                and statement.value.id in self.bindings and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name):
            # `norm = _norm`: a second name for what the first is bound to.
            self.bindings[statement.targets[0].id] = self.bindings[statement.value.id]
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) and self._method_of(statement.value) is not None:
            # `flatten = Shapes.Inner.flat`: the method's own `def`.
            method = self._method_of(statement.value)
            assert method is not None
            self.bindings[statement.targets[0].id] = _Binding("function", method, filename, line)
        elif isinstance(statement, ast.Assign) and any(
                isinstance(target, ast.Attribute) and self.aliases.resolve(target.value) == "builtins"
                for target in statement.targets):
            # `builtins.SCALE = 2.0`: every later bare `SCALE` reads it, a global by another route.
            for target in statement.targets:
                if isinstance(target, ast.Attribute):
                    self.bindings[target.attr] = _Binding("data", statement.value, filename, line)
                    self.in_builtins.add(target.attr)
        elif isinstance(statement, ast.Assign):
            kind = self._kind_of_value(statement.value)
            for target in statement.targets:
                for node in _stored_names(target):
                    self.bindings[node.id] = _Binding(kind if target is node else "data", statement.value,
                                                      filename, line)
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            for node in _stored_names(statement.target):
                self.bindings[node.id] = _Binding(self._kind_of_value(statement.value), statement.value, filename,
                                                  line)
        elif isinstance(statement, (ast.AugAssign, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
            targets: list[ast.expr] = []
            if isinstance(statement, ast.AugAssign):
                targets = [statement.target]
            elif isinstance(statement, (ast.For, ast.AsyncFor)):
                targets = [statement.target]
            else:
                targets = [item.optional_vars for item in statement.items if item.optional_vars is not None]
            for stored in targets:
                for node in _stored_names(stored):
                    self.bindings[node.id] = _Binding("data", statement, filename, line)

    def _method_of(self, value: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `def` an attribute chain from one of the submission's classes names (`Shapes.Inner.flat`)."""
        chain: list[str] = []
        node = value
        while isinstance(node, ast.Attribute):
            chain.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self.classes or not chain:
            return None
        body: list[ast.stmt] = self.classes[node.id][1].body
        for index, part in enumerate(reversed(chain)):
            found = next((statement for statement in body if isinstance(statement, (ast.FunctionDef,
                          ast.AsyncFunctionDef, ast.ClassDef)) and statement.name == part), None)
            if found is None:
                return None
            if isinstance(found, ast.ClassDef):
                body = found.body
                continue
            return found if index == len(chain) - 1 else None
        return None

    def _kind_of_value(self, value: ast.AST) -> str:
        if isinstance(value, ast.Lambda):
            return "made"
        if isinstance(value, ast.Name):
            bound = self.bindings.get(value.id)
            if bound is not None:
                return bound.kind
            return "library" if hasattr(builtins, value.id) and not _builtin_is_data(value.id) else "data"
        if isinstance(value, ast.Attribute):
            resolved = self.aliases.resolve(value)
            if resolved is not None:
                return "library" if _is_code(resolved) else "data"
            # `_Store.hits.append`, `CONFIG.scale`: what the submission's own class or data holds is data; only a
            # method's or nested class's own name is code (`flatten = Shapes.Inner.flat` is read as its `def`).
            return "data"
        if isinstance(value, ast.Call):
            return self._kind_of_call(value)
        if isinstance(value, ast.Subscript):
            # `Callable[[Array], Array]`, `dict[str, float]`: a type, named for hints.
            resolved = self.aliases.resolve(value.value) or (value.value.id if isinstance(value.value, ast.Name)
                                                             else "")
            if resolved.startswith(("typing.", "collections.abc.", "jax.typing.", "numpy.typing.")) \
                    or resolved in _GENERIC_BUILTINS:
                return "library"
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
            # `int | None`: a union type (hints), when both sides are types.
            sides = (self._kind_of_value(value.left), self._kind_of_value(value.right))
            if all(side in ("library", "class") for side in sides):
                return "library"
        return "data"

    def _kind_of_call(self, call: ast.Call) -> str:
        function = call.func
        while isinstance(function, ast.Call):  # `lru_cache(maxsize=None)(f)`, `partial(jax.jit, ...)(f)`
            inner = self._kind_of_call(function)
            if inner in ("made", "logger"):
                return inner
            function = function.func
        resolved = self.aliases.resolve(function) or ""
        if resolved in _CODE_MAKERS or resolved.startswith("enum."):
            return "made"
        if resolved in _LOGGER_MAKERS:
            return "logger"
        if isinstance(function, ast.Name) and function.id in _WRAPPING_BUILTINS and function.id not in self.bindings:
            return "made"
        if isinstance(function, ast.Name):
            bound = self.bindings.get(function.id)
            if bound is not None and bound.kind == "class":
                return "instance"
            if bound is not None and bound.kind == "function" and _returns_code(bound.node):
                return "made"
        return "data"

    # ----------------------------------------------------------------- following the call
    def read(self, name: str) -> list[StateUse]:
        self._reach_name(name)
        self._read_pending()
        # `codecs.register(search)`: the interpreter runs what is registered on the call's behalf, when the
        # call uses what the registry serves (a codec lookup, an `encode`).
        for filename, call in self.registered:
            served = (self.aliases.resolve(call.func) or "").split(".")[0]
            if served not in self.modules_used and not (served == "codecs" and self.methods_used & _CODEC_METHODS):
                continue
            for argument in call.args:
                if isinstance(argument, ast.Attribute) and argument.attr in _CHANGING_METHODS \
                        and isinstance(argument.value, ast.Name) \
                        and getattr(self.bindings.get(argument.value.id), "kind", "") == "data":
                    self._add("state", "global", ast.unparse(call.func), argument.value.id, "", filename,
                              call.lineno, ast.unparse(call))
                else:
                    self._reach_maker(filename, argument)
        self._read_pending()
        return sorted(self.found.values(), key=lambda use: (use.filename, use.line, _ACCESS_ORDER[use.access],
                                                            use.name))

    def _read_pending(self) -> None:
        while self.pending and len(self.visited) <= _MAX_FUNCTIONS:
            filename, function, scopes, owner_class = self.pending.pop(0)
            self._read_function(filename, function, scopes, owner_class)

    def _reach_name(self, name: str) -> None:
        """Queue what runs when the module-level `name` is called (or what made it, once)."""
        bound = self.bindings.get(name)
        if bound is None or name in self.reached_names:
            return
        self.reached_names.add(name)
        for filename, attached in self.attached.get(name, ()):
            self._reach_maker(filename, attached)
        if bound.kind == "function":
            if not isinstance(bound.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return
            self._queue(bound.filename, bound.node, [])
            for decorator in bound.node.decorator_list:
                self._reach_maker(bound.filename, decorator)
        elif bound.kind == "class":
            self._reach_class(name, instance=False)
        elif bound.kind == "instance":
            klass = bound.node.func if isinstance(bound.node, ast.Call) else None
            if isinstance(klass, ast.Name):
                self._reach_class(klass.id, instance=True)
        elif bound.kind == "made":
            self._reach_maker(bound.filename, bound.node)

    def _reach_maker(self, filename: str, node: ast.AST) -> None:
        """What a wrapper's or factory's call runs: the functions named in it, and a factory's or own
        decorator's body, read as running once (what it returns keeps its locals between calls)."""
        if isinstance(node, ast.Lambda):
            self._queue(filename, node, [])
            return
        for inner in ast.walk(node):
            if isinstance(inner, ast.Lambda):
                self._queue(filename, inner, [])
            elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load):
                bound = self.bindings.get(inner.id)
                if bound is None:
                    continue
                if bound.kind == "function" and isinstance(bound.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if isinstance(node, ast.Call) and node.func is inner or inner is node:
                        self._read_factory(bound.filename, bound.node, node)
                    else:
                        self._reach_name(inner.id)
                elif bound.kind in ("made", "class", "instance"):
                    self._reach_name(inner.id)
        if isinstance(node, ast.Call):
            self._note_partial(filename, node)

    def _read_factory(self, filename: str, factory: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.AST) -> None:
        """A factory or decorator runs once; the functions it defines run on every call, with its locals
        kept between calls."""
        if id(factory) in self.visited:
            return
        self.visited.add(id(factory))
        scope = _scope_of(factory, per_call=False)
        for inner in _nested_functions(factory):
            self._queue(filename, inner, [scope])
        # What the factory builds from the module's code and keeps: `tally = _Tally()` makes an object the
        # returned function calls on every call, so its class's methods run with its state kept.
        for node in _walk_own(factory.body):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in self.classes and node.func.id not in scope.names:
                self._reach_class(node.func.id, instance=True)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in scope.names:
                self._reach_name(node.id)
        for decorator in factory.decorator_list:
            self._reach_maker(filename, decorator)

    def _note_partial(self, filename: str, call: ast.Call) -> None:
        """`partial(f, BUFFER)`: the bound arguments are kept by the partial object between calls."""
        resolved = self.aliases.resolve(call.func) or ""
        if resolved not in ("functools.partial", "jax.tree_util.Partial") or not call.args:
            return
        wrapped = call.args[0]
        if isinstance(wrapped, ast.Name) and wrapped.id == "next" and "next" not in self.bindings and call.args[1:]:
            # `partial(next, itertools.count())`: each call advances the iterator the partial keeps.
            self._add("state", "iterator", _clipped(call), ast.unparse(call.args[1])[:60], "", filename,
                      call.lineno, ast.unparse(call))
            return
        bound = self.bindings.get(wrapped.id) if isinstance(wrapped, ast.Name) else None
        if bound is None or not isinstance(bound.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        parameters = [argument.arg for argument in (*bound.node.args.posonlyargs, *bound.node.args.args)]
        held: dict[str, str] = {}
        for index, value in enumerate(call.args[1:]):
            if index < len(parameters) and _is_container_value(value, self):
                held[parameters[index]] = _clipped(call)
        for keyword in call.keywords:
            if keyword.arg and _is_container_value(keyword.value, self):
                held[keyword.arg] = _clipped(call)
        if held:
            scope = _Scope(ast.unparse(call)[:60], set(), per_call=False, partial_bound=held)
            self.pending.insert(0, (bound.filename, bound.node, [scope], ""))
            self.visited.discard(id(bound.node))

    def _reach_class(self, name: str, instance: bool) -> None:
        found = self.classes.get(name)
        if found is None or (name, instance) in self.reached_classes:
            return
        self.reached_classes.add((name, instance))
        filename, klass = found
        if instance:
            self.instance_classes.add(name)
        for statement in klass.body:
            # `x = Counter()` in a class body: an object of the submission's class that every instance shares
            # (a descriptor's `__get__` runs at each read).
            if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call) \
                    and isinstance(statement.value.func, ast.Name) and statement.value.func.id in self.classes \
                    and statement.value.func.id != name:
                self._reach_class(statement.value.func.id, instance=True)
        for statement in klass.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and statement.name not in _DISPLAY_METHODS | _CLASS_STATEMENT_HOOKS:
                self._queue(filename, statement, [], owner_class=name)
                for decorator in statement.decorator_list:
                    self._reach_maker(filename, decorator)
            elif isinstance(statement, ast.ClassDef):
                self.classes.setdefault(statement.name, (filename, statement))
                self._reach_class(statement.name, instance)
        for base in (*klass.bases, *(keyword.value for keyword in klass.keywords if keyword.arg == "metaclass")):
            if isinstance(base, ast.Name) and base.id in self.classes and base.id != name:
                self._reach_class(base.id, instance)

    def _reach_method(self, klass: str, method: str, depth: int = 0) -> None:
        """`Config.tick()`: the method's `def`, in the class, a base or the metaclass."""
        found = self.classes.get(klass)
        if found is None or depth > 10:
            return
        filename, definition = found
        for statement in definition.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == method:
                self._queue(filename, statement, [], owner_class=klass)
                for decorator in statement.decorator_list:
                    self._reach_maker(filename, decorator)
                return
        for holder in (*definition.bases, *(keyword.value for keyword in definition.keywords
                                            if keyword.arg == "metaclass")):
            if isinstance(holder, ast.Name):
                self._reach_method(holder.id, method, depth + 1)

    def _queue(self, filename: str, function: Function, scopes: list[_Scope], owner_class: str = "") -> None:
        if id(function) in self.visited:
            return
        self.visited.add(id(function))
        self.pending.append((filename, function, scopes, owner_class))

    # ----------------------------------------------------------------- reading one function
    def _read_function(self, filename: str, function: Function, enclosing: list[_Scope], owner_class: str) -> None:
        own = _scope_of(function, per_call=True)
        if owner_class and not isinstance(function, ast.Lambda):
            decorators = {ast.unparse(decorator) for decorator in function.decorator_list}
            positional = [*function.args.posonlyargs, *function.args.args]
            if positional and "staticmethod" not in decorators:
                own.self_name = positional[0].arg
                own.is_classmethod = "classmethod" in decorators or function.name in ("__init_subclass__", "__new__")
        for partial_scope in (scope for scope in enclosing if scope.partial_bound):
            own.partial_bound.update(partial_scope.partial_bound)
        scopes = [*enclosing, own]
        label = getattr(function, "name", "<lambda>")
        for node in sorted(_own_nodes(function), key=lambda n: getattr(n, "lineno", 0)):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and isinstance(node.value.func, ast.Name) and self._memoized(node.value.func.id):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        own.cached_locals[target.id] = node.value.func.id
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                origin = self._shared_origin(node.value, scopes)
                if origin:
                    own.shared_locals[node.targets[0].id] = origin
                else:
                    own.shared_locals.pop(node.targets[0].id, None)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                # `from numpy import typecodes` in a body: the library's own object, not a copy.
                for alias in node.names:
                    own.shared_locals[alias.asname or alias.name.split(".")[0]] = \
                        f"{getattr(node, 'module', None) or alias.name}"
        declared_global = {name for node in _own_nodes(function) if isinstance(node, ast.Global) for name in node.names}
        declared_nonlocal = {name for node in _own_nodes(function) if isinstance(node, ast.Nonlocal)
                             for name in node.names}
        body: Iterable[ast.AST] = [function.body] if isinstance(function, ast.Lambda) else function.body
        # `with warnings.catch_warnings(): warnings.simplefilter("ignore")`: a setting the block restores.
        self.scoped = {id(inner) for node in _own_nodes(function) if isinstance(node, (ast.With, ast.AsyncWith))
                       and any(isinstance(item.context_expr, ast.Call)
                               and (self.aliases.resolve(item.context_expr.func) or "") in _RESTORING_CONTEXTS
                               for item in node.items)
                       for statement in node.body for inner in ast.walk(statement)}
        for node in _walk_own(body):
            self._read_node(filename, label, node, scopes, declared_global, declared_nonlocal, owner_class)
        for inner in _nested_functions(function):
            self._queue(filename, inner, scopes)
        for default in (*function.args.defaults, *(d for d in function.args.kw_defaults if d is not None)):
            for node in ast.walk(default):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    self._reach_name_if_code(node.id, scopes)
                elif isinstance(node, ast.Lambda):
                    # `g=lambda it=count(): next(it)`: a default the body calls, with defaults of its own.
                    self._queue(filename, node, [])
        # A class statement in the body runs its bases' `__init_subclass__` and its descriptors'
        # `__set_name__` on every call.
        for node in _own_nodes(function):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    if isinstance(base, ast.Name) and base.id in self.classes:
                        self._reach_method(base.id, "__init_subclass__")

    def _named_through_namespace(self, node: ast.Attribute | ast.Subscript) -> str:
        """The global a namespace route names with a constant: `sys.modules[__name__].X`, `globals()["X"]`,
        `vars(module)["X"]`; "" for any other expression."""
        if isinstance(node, ast.Attribute):
            inner: ast.AST = node.value
            name = node.attr
        elif isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            inner, name = node.value, node.slice.value
        else:
            return ""
        own_module = isinstance(inner, ast.Subscript) and self.aliases.resolve(inner.value) == "sys.modules" \
            and isinstance(inner.slice, ast.Name) and inner.slice.id == "__name__"
        namespace = isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
            and inner.func.id in _NAMESPACE_CALLS and inner.func.id not in self.bindings
        return name if (own_module or namespace) and name.isidentifier() else ""

    def _shared_origin(self, value: ast.AST, scopes: list[_Scope]) -> str:
        """Where a local's value comes from when it outlives the call: a module-level name or a library's
        object reached by attribute (`f = zl`, `flags = decimal.getcontext().flags`, `fn = cls.m.__func__`), a
        variable a factory keeps, or an object a library hands every caller (`logging.getLogger(name)`);
        "" for a value made by this call or taken from its arguments."""
        node = value
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        if isinstance(node, ast.Call):
            # `decimal.getcontext().flags` is shared with every caller; `jnp.asarray(x).T` is this call's own.
            return ast.unparse(value)[:60] if (self.aliases.resolve(node.func) or "") in _SHARED_RESULTS else ""
        if not isinstance(node, ast.Name):
            return ""
        name = node.id
        own = scopes[-1]
        if name in own.names:
            if name in own.shared_locals:
                return own.shared_locals[name]
            # `fn = cls.where.__func__`: what a class method reaches through its class is the class's.
            return ast.unparse(value)[:60] if name == "cls" and node is not value else ""
        holder = _holder(name, scopes[:-1])
        if holder is not None:
            return ast.unparse(value)[:60] if not holder.per_call else ""
        return ast.unparse(value)[:60] if name in self.bindings else ""

    def _class_data(self, klass: str, attribute: str, depth: int = 0) -> bool:
        """Whether `klass` or one of its bases binds `attribute` to data in its body."""
        found = self.classes.get(klass)
        if found is None or depth > 10:
            return False
        for statement in found[1].body:
            if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None \
                    and any(node.id == attribute for target in _assigned_targets(statement)
                            for node in _stored_names(target)) \
                    and self._kind_of_value(statement.value) == "data":
                return True
        return any(isinstance(base, ast.Name) and self._class_data(base.id, attribute, depth + 1)
                   for base in found[1].bases)

    def _kept_attribute(self, name: str, attribute: str) -> bool:
        """Whether `name.attribute` is data kept on a function or jit wrapper of the submission: an attribute
        the source assigns, or a private one (`norm._cache_size()` reads JAX's own cache of traces)."""
        bound = self.bindings.get(name)
        if bound is None or bound.kind not in ("function", "made"):
            return False
        return attribute not in _STATELESS_WRAPPER_ATTRIBUTES

    def _memoized(self, name: str) -> bool:
        """Whether the module-level `name` is a function behind `functools.cache` or `lru_cache`."""
        bound = self.bindings.get(name)
        if bound is None:
            return False
        makers: list[ast.AST] = []
        if isinstance(bound.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            makers = list(bound.node.decorator_list)
        elif isinstance(bound.node, ast.Call):
            makers = [bound.node]
        for maker in makers:
            while isinstance(maker, ast.Call):
                if (self.aliases.resolve(maker.func) or "") in _MEMOIZERS:
                    return True
                maker = maker.func
            if (self.aliases.resolve(maker) or "") in _MEMOIZERS:
                return True
        return False

    def _reach_name_if_code(self, name: str, scopes: list[_Scope]) -> None:
        if any(name in scope.names for scope in scopes):
            return
        bound = self.bindings.get(name)
        if bound is not None and bound.kind in ("function", "made", "class", "instance"):
            self._reach_name(name)

    def _read_node(self, filename: str, label: str, node: ast.AST, scopes: list[_Scope],
                   declared_global: set[str], declared_nonlocal: set[str], owner_class: str) -> None:
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            self._read_name(filename, label, node, scopes, declared_global, declared_nonlocal)
        elif isinstance(node, ast.Call):
            self._read_call(filename, label, node, scopes, owner_class)
            if isinstance(node.func, ast.Name) and node.func.id == "getattr" and "getattr" not in self.bindings \
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                    and isinstance(node.args[1].value, str):
                # `getattr(builtins, "FLAT")` reads what `builtins.FLAT` reads.
                spelled = ast.Attribute(value=node.args[0], attr=node.args[1].value, ctx=ast.Load())
                ast.copy_location(spelled, node)
                self._read_node(filename, label, spelled, scopes, declared_global, declared_nonlocal, owner_class)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target])
            for target in targets:
                if isinstance(target, (ast.Subscript, ast.Attribute)):
                    self._changed(filename, label, target, scopes, line, ast.unparse(node), owner_class,
                                  rebinding=isinstance(target, ast.Attribute))
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Load):
            named = self._named_through_namespace(node)
            if named:
                # `sys.modules[__name__].OFFSET`, `globals()["SCALE"]`: the global the route names, read.
                global_read = ast.copy_location(ast.Name(id=named, ctx=ast.Load()), node)
                self._read_name(filename, label, global_read, [], set(), set())
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            root = node.value
            if isinstance(root, ast.Name) and root.id in self.classes and not _is_local(root.id, scopes):
                self._read_class_attribute(filename, label, root.id, node.attr, line, node)
            elif isinstance(root, ast.Name) and not _is_local(root.id, scopes) \
                    and getattr(self.bindings.get(root.id), "kind", "") == "library" \
                    and (root.id, node.attr) in self.assigned_attributes:
                # `jnp.SCALE = 2.0` at load, `jnp.SCALE` in the function: data the submission planted there.
                self._add("read", "module", label, f"{root.id}.{node.attr}", root.id, filename, line,
                          ast.unparse(node), _described(self.assigned_attributes.get((root.id, node.attr))))
            elif isinstance(root, ast.Name) and not _is_local(root.id, scopes) \
                    and self._kept_attribute(root.id, node.attr):
                self._add("read", "attribute", label, f"{root.id}.{node.attr}", root.id, filename, line,
                          ast.unparse(node), _described(self.assigned_attributes.get((root.id, node.attr))))
            elif self.aliases.resolve(node) == "sys.modules":
                self._add("namespace", "namespace", label, "sys.modules", "", filename, line, ast.unparse(node))
            elif node.attr == "__dict__":
                self._add("namespace", "namespace", label, ast.unparse(node), "", filename, line, ast.unparse(node))

    def _read_name(self, filename: str, label: str, node: ast.Name, scopes: list[_Scope],
                   declared_global: set[str], declared_nonlocal: set[str]) -> None:
        name = node.id
        line = node.lineno
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            if name in declared_global:
                self._add("write", "global", label, name, "", filename, line, name)
            elif name in declared_nonlocal:
                holder = _holder(name, scopes[:-1])
                if holder is not None and not holder.per_call:
                    self._add("state", "closure", label, name, holder.owner, filename, line, name)
            return
        if name in declared_nonlocal or (_is_local(name, scopes) and name not in declared_global):
            return
        if name.startswith("__") and name.endswith("__"):
            return
        bound = self.bindings.get(name)
        if bound is None:
            return
        if bound.kind == "data":
            self._add("read", "builtins" if name in self.in_builtins else "global", label, name, "", filename, line,
                      name, _described(bound.node))
        elif bound.kind == "instance" and id(node) not in self.called:
            # `cfg.scale`, `cfg` handed on: an object kept at module level is data like any other.
            klass = bound.node.func if isinstance(bound.node, ast.Call) else None
            self._add("read", "global", label, name, "", filename, line, name,
                      klass.id if isinstance(klass, ast.Name) else "data")
            self._reach_name(name)
        elif bound.kind in ("function", "made", "instance"):
            self._reach_name(name)
        elif bound.kind == "logger":
            self._add("logger", "logger", label, name, "", filename, line, name)
        # A class named is not run: its `__init__` runs when it is called, a method when it is named
        # (`_read_call`); `__repr__` and a method no call reaches never run for the graded call.

    def _read_call(self, filename: str, label: str, call: ast.Call, scopes: list[_Scope], owner_class: str) -> None:
        line = call.lineno
        resolved = self.aliases.resolve(call.func) or ""
        if resolved:
            self.modules_used.add(resolved.split(".")[0])
        if resolved == "importlib.import_module" or (resolved == "builtins.__import__"):
            self._add("namespace", "namespace", label, resolved, "", filename, line, ast.unparse(call))
        if isinstance(call.func, ast.Name):
            self.called.add(id(call.func))
        if isinstance(call.func, ast.Attribute):
            self.methods_used.add(call.func.attr)
        if resolved.startswith(tuple(f"{module}." for module in _GLOBAL_RNG_MODULES)) \
                and resolved not in _OWN_GENERATORS and resolved.count(".") == resolved.startswith("numpy") + 1:
            self._add("state", "rng", label, resolved, resolved.rsplit(".", 1)[0], filename, line, ast.unparse(call))
        if (resolved in _PROCESS_SETTINGS or resolved.startswith(_PROCESS_SETTING_MODULES)
                or (resolved in _FILE_OPENERS and _writes(call))) and id(call) not in self.scoped:
            kind = ("files" if resolved in _FILE_OPENERS or resolved.startswith(_FILE_MODULES)
                    else "settings_read" if resolved.rsplit(".", 1)[-1].startswith(("get", "is")) else "settings")
            self._add("state", kind, label, resolved, resolved.split(".")[0], filename, line, ast.unparse(call))
        function = call.func
        if isinstance(function, ast.Name) and not _is_local(function.id, scopes):
            if function.id == "open" and "open" not in self.bindings and _writes(call):
                self._add("state", "files", label, "open", "", filename, line, ast.unparse(call))
            if function.id in _NAMESPACE_CALLS and function.id not in self.bindings and (
                    function.id == "globals"
                    or (call.args and (not _is_local_expression(call.args[0], scopes)
                                       or _root_name(call.args[0]) in scopes[-1].shared_locals))):
                self._add("namespace", "namespace", label, function.id, "", filename, line, ast.unparse(call))
            if function.id == "next" and function.id not in self.bindings and call.args:
                self._changed(filename, label, call.args[0], scopes, line, ast.unparse(call), owner_class,
                              iterator=True)
        own = scopes[-1]
        if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name) \
                and function.value.id in own.mutable_defaults:
            default = own.mutable_defaults[function.value.id]
            if isinstance(default, ast.Call) and (self.aliases.resolve(default.func) or "") in _OWN_GENERATORS:
                # `_rng=random.Random(0)`: every draw advances the one generator all calls share.
                self._add("state", "default", label, function.value.id, label, filename, line, ast.unparse(call))
        if call.args and (resolved in _MUTATING_FUNCTIONS or (
                isinstance(function, ast.Attribute) and function.attr in _CHANGING_METHODS
                and (self.aliases.resolve(function.value) or getattr(function.value, "id", "")) in _BUILTIN_CONTAINERS
                and not _is_local(getattr(function.value, "id", ""), scopes))):
            # `bisect.insort(xs, v)`, `heapq.heappush(h, v)`, `list.append(xs, v)`: the first argument is changed.
            self._changed(filename, label, call.args[0], scopes, line, ast.unparse(call), owner_class)
        if isinstance(function, ast.Name) and function.id == "setattr" and "setattr" not in self.bindings \
                and len(call.args) == 3 and isinstance(call.args[1], ast.Constant) \
                and isinstance(call.args[1].value, str):
            # `setattr(helper, "n", v)` is `helper.n = v`.
            spelled = ast.copy_location(ast.Attribute(value=call.args[0], attr=call.args[1].value, ctx=ast.Store()),
                                        call)
            self._changed(filename, label, spelled, scopes, line, ast.unparse(call), owner_class, rebinding=True)
        if isinstance(function, ast.Attribute) and function.attr in _FILE_WRITING_METHODS \
                and isinstance(_innermost(function.value), ast.Call) \
                and (self.aliases.resolve(_innermost_call(function.value).func) or "") in ("pathlib.Path",):
            self._add("state", "files", label, ast.unparse(function.value)[:60], "", filename, line, ast.unparse(call))
        if isinstance(function, ast.Attribute) and (
                function.attr in _CHANGING_METHODS
                or (function.attr in _SETTING_METHODS and not _through_at(function.value))):
            self._changed(filename, label, function.value, scopes, line, ast.unparse(call), owner_class)
        if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name) \
                and function.value.id in self.classes and not _is_local(function.value.id, scopes):
            self._reach_method(function.value.id, function.attr)
        elif isinstance(function, ast.Attribute) and not _is_local(_root_name(function), scopes):
            nested = self._method_of(function)  # `Shapes.Inner.flat(x)`: a method of a nested class
            if nested is not None:
                self._queue(filename, nested, [])
        if isinstance(function, ast.Name) and function.id in self.classes and not _is_local(function.id, scopes):
            # An object made: every method may run on it later, its class's `__init__` now.
            self._reach_class(function.id, instance=False)

    def _read_class_attribute(self, filename: str, label: str, klass: str, attribute: str, line: int,
                              node: ast.AST, owner: str = "", depth: int = 0) -> None:
        """`Config.THRESHOLD` read: data bound in the class's body, a base's or its metaclass's."""
        found = self.classes.get(klass)
        if found is None or depth > 10:
            return
        definition = found[1]
        if attribute.startswith("__") or any((self.aliases.resolve(base) or "").startswith(_CONSTANT_CLASSES)
                                             for base in definition.bases):
            return
        for holder in (*definition.bases, *(keyword.value for keyword in definition.keywords
                                            if keyword.arg == "metaclass")):
            if isinstance(holder, ast.Name) and holder.id in self.classes:
                self._read_class_attribute(filename, label, holder.id, attribute, line, node, owner or klass,
                                           depth + 1)
        for statement in definition.body:
            targets: list[ast.AST] = []
            if isinstance(statement, ast.Assign):
                targets = list(statement.targets)
                value: ast.AST | None = statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                targets, value = [statement.target], statement.value
            else:
                continue
            if any(isinstance(t, ast.Name) and t.id == attribute for t in targets) and value is not None \
                    and self._kind_of_value(value) == "data":
                self._add("read", "class", label, f"{owner or klass}.{attribute}", klass, filename, line,
                          ast.unparse(node), _described(value))
                return

    def _changed(self, filename: str, label: str, target: ast.AST, scopes: list[_Scope], line: int, code: str,
                 owner_class: str, iterator: bool = False, rebinding: bool = False) -> None:
        """`target` (or what it is part of) is changed in place: whose is it?"""
        root = target
        attribute = ""
        while isinstance(root, (ast.Subscript, ast.Attribute, ast.Starred)):
            if isinstance(root, ast.Attribute):
                attribute = root.attr
            root = root.value
        if isinstance(root, ast.Call) and isinstance(root.func, ast.Name) and root.func.id == "type" \
                and "type" not in self.bindings and attribute:
            # `type(cls).calls += 1`: an attribute of a class, whichever object it is reached from.
            self._add("state", "class", label, f"{ast.unparse(root)}.{attribute}", "", filename, line, code)
            return
        if not isinstance(root, ast.Name):
            return
        name = root.id
        own = scopes[-1]
        if name in own.names:
            if name in own.shared_locals:
                self._add("state", "shared", label, name, own.shared_locals[name], filename, line, code)
            elif name in own.cached_locals:
                self._add("state", "cache", label, name, own.cached_locals[name], filename, line, code)
            elif name in own.mutable_defaults:
                self._add("state", "default", label, name, label, filename, line, code)
            elif name in own.partial_bound:
                self._add("state", "partial", label, name, own.partial_bound[name], filename, line, code)
            elif name == own.self_name and attribute and not (rebinding and getattr(target, "value", None) is root) \
                    and self._class_data(owner_class, attribute):
                # `self.seen.append(1)` with `seen = []` in the class (or a base): one list for every instance.
                self._add("state", "class", label, f"{owner_class}.{attribute}", owner_class, filename, line, code)
            elif name == own.self_name and attribute and owner_class in self.instance_classes \
                    and label not in ("__init__", "__new__", "__post_init__"):
                self._add("state", "object", label, f"self.{attribute}", "", filename, line, code)
            elif name == own.self_name and attribute and owner_class and label != "__init_subclass__" \
                    and own.is_classmethod:
                self._add("state", "class", label, f"cls.{attribute}", "", filename, line, code)
            return
        holder = _holder(name, scopes[:-1])
        if holder is not None:
            if not holder.per_call:
                self._add("state", "closure", label, name, holder.owner, filename, line, code)
            return
        if name == "__class__" and owner_class:
            # `__class__.calls += 1` in a method: the class the method was defined in.
            self._add("state", "class", label, f"{owner_class}.{attribute}", owner_class, filename, line, code)
            return
        if name in _MODULE_DUNDERS:
            self._add("state", "global", label, name, "", filename, line, code)
            return
        bound = self.bindings.get(name)
        if bound is None:
            return
        if bound.kind == "class":
            self._add("state", "class", label, f"{name}.{attribute}" if attribute else name, name, filename, line,
                      code)
        elif bound.kind in ("data", "instance"):
            self._add("state", "iterator" if iterator else "global", label, name, "", filename, line, code)
        elif bound.kind in ("function", "made") and attribute:
            self._add("state", "attribute", label, f"{name}.{attribute}", name, filename, line, code)
        elif bound.kind == "logger":
            # `log.setLevel(log.level + 1)`: `logging.getLogger` hands every caller this same object.
            self._add("state", "shared", label, name, _clipped(bound.node), filename, line, code)
        elif bound.kind == "library" and attribute:
            # `os.environ[k] = v`, `np.some_table.append(x)`: data a library keeps, shared by every call.
            place = self.aliases.resolve(ast.Attribute(value=root, attr=attribute, ctx=ast.Load())) or name
            self._add("state", "library", label, place, place.split(".")[0], filename, line, code)

    def _add(self, access: str, kind: str, function: str, name: str, owner: str, filename: str, line: int,
             code: str, type_name: str = "") -> None:
        key = (access, name, filename, line)
        if key not in self.found:
            self.found[key] = StateUse(access, kind, function, name, owner, filename, line, code, type_name)


# --------------------------------------------------------------------- helpers on the syntax tree
def _writes(call: ast.Call) -> bool:
    """Whether an `open(...)` call opens for writing: a mode with `w`, `a`, `x` or `+` (given or computed)."""
    mode: ast.AST | None = call.args[1] if len(call.args) > 1 else None
    for keyword in call.keywords:
        if keyword.arg in ("mode", "flags"):
            mode = keyword.value
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(letter in mode.value for letter in "wax+")
    return True  # a mode computed at run time, or `os.open`'s flags: no reading rules writing out


def _innermost(node: ast.AST) -> ast.AST:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def _innermost_call(node: ast.AST) -> ast.Call:
    found = _innermost(node)
    assert isinstance(found, ast.Call)
    return found


def _through_at(node: ast.AST) -> bool:
    """`x.at[i]`: JAX's indexed update, which returns a new array."""
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "at"


def _assigned_targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def _stored_names(target: ast.AST) -> Iterator[ast.Name]:
    for node in ast.walk(target):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node


_LITERAL_TYPES = {ast.List: "list", ast.Dict: "dict", ast.Set: "set", ast.Tuple: "tuple", ast.ListComp: "list",
                  ast.DictComp: "dict", ast.SetComp: "set", ast.JoinedStr: "str", ast.GeneratorExp: "generator"}


def _clipped(node: ast.AST) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 60 else text[:57] + "..."


def _described(node: ast.AST | None) -> str:
    """What a module-level value is, as its source says: `float` for `0.5`, `jnp.array(...)` for a call."""
    if node is None:
        return "data"
    if isinstance(node, ast.Attribute):
        return _clipped(node)
    if isinstance(node, ast.Constant):
        return type(node.value).__name__
    if isinstance(node, ast.Call):
        return f"{ast.unparse(node.func)[:40]}(...)"
    if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
        return type(node.operand.value).__name__
    for literal, name in _LITERAL_TYPES.items():
        if isinstance(node, literal):
            return name
    return "data"


def _root_name(node: ast.AST) -> str:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def _builtin_is_data(name: str) -> bool:
    value = getattr(builtins, name)
    return not (callable(value) or isinstance(value, type))


def _is_code(path: str) -> bool:
    """Whether a library path names code (a module, class or function), looked up in the judge's own copy
    of the library, only where the judge has imported it already: nothing is imported to answer."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        if module is None:
            continue
        value: object = module
        for part in parts[end:]:
            try:
                value = getattr(value, part)
            except Exception:  # noqa: BLE001 - a library attribute that does not resolve is taken as code
                return True
        return isinstance(value, (types.ModuleType, type)) or callable(value)
    return True


def _returns_code(function: ast.AST) -> bool:
    """Whether a factory returns a function: a nested `def`, a lambda, or a wrapper's call."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    nested = {inner.name for inner in _nested_functions(function) if not isinstance(inner, ast.Lambda)}
    for node in _walk_own(function.body):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            if isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in nested):
                return True
            if isinstance(value, ast.Call):
                return True
    return False


def _is_container_value(value: ast.AST, reader: _Reader) -> bool:
    if isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(value, ast.Name):
        bound = reader.bindings.get(value.id)
        return bound is not None and bound.kind in ("data", "instance")
    if isinstance(value, ast.Call):
        resolved = reader.aliases.resolve(value.func) or (value.func.id if isinstance(value.func, ast.Name) else "")
        return resolved in ("list", "dict", "set", "collections.deque", "collections.Counter",
                            "collections.defaultdict", "bytearray")
    return False


def _scope_of(function: Function, per_call: bool) -> _Scope:
    owner = getattr(function, "name", "<lambda>")
    arguments = function.args
    parameters = [argument.arg for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
    parameters += [extra.arg for extra in (arguments.vararg, arguments.kwarg) if extra is not None]
    names = set(parameters)
    body: list[ast.AST] = [function.body] if isinstance(function, ast.Lambda) else list(function.body)
    declared: set[str] = set()
    for node in _walk_own(body):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    names -= declared
    scope = _Scope(owner, names, per_call)
    positional = [*arguments.posonlyargs, *arguments.args]
    for argument, default in zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults,
                                 strict=True):
        if _is_mutable_literal(default):
            scope.mutable_defaults[argument.arg] = default
    for argument, kw_default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if kw_default is not None and _is_mutable_literal(kw_default):
            scope.mutable_defaults[argument.arg] = kw_default
    return scope


def _is_mutable_literal(node: ast.AST) -> bool:
    """Whether a default may be an object that a call can change: anything but a constant or a tuple of
    constants (`jnp.zeros_like` as a default is the library's one function object, shared by every call)."""
    if isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)):
        return False
    if isinstance(node, ast.Tuple):
        return any(_is_mutable_literal(element) for element in node.elts)
    return True


def _is_local(name: str, scopes: list[_Scope]) -> bool:
    return any(name in scope.names for scope in scopes)


def _is_local_expression(node: ast.AST, scopes: list[_Scope]) -> bool:
    return isinstance(node, ast.Name) and _is_local(node.id, scopes)


def _holder(name: str, scopes: list[_Scope]) -> _Scope | None:
    for scope in reversed(scopes):
        if name in scope.names:
            return scope
    return None


def _walk_own(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """Every node of a function's body, without entering nested functions or classes (their bodies are
    read as functions of their own), but with their decorators, defaults and bases, which run here."""
    pending = list(nodes)
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            pending.extend(node.decorator_list)
            pending.extend(node.args.defaults)
            pending.extend(d for d in node.args.kw_defaults if d is not None)
            continue
        if isinstance(node, ast.Lambda):
            pending.extend(node.args.defaults)
            continue
        if isinstance(node, ast.ClassDef):
            pending.extend(node.decorator_list)
            pending.extend(node.bases)
            continue
        if isinstance(node, ast.AnnAssign):
            # An annotation is read by no call (`from __future__ import annotations` or not, at run time
            # a local's annotation is not evaluated).
            pending.extend(child for child in (node.target, node.value) if child is not None)
            continue
        if isinstance(node, ast.arg):
            continue
        pending.extend(ast.iter_child_nodes(node))


def _own_nodes(function: Function) -> Iterator[ast.AST]:
    body: list[ast.AST] = [function.body] if isinstance(function, ast.Lambda) else list(function.body)
    return _walk_own(body)


def _nested_functions(function: Function) -> list[Function]:
    """The functions and lambdas defined directly in `function`'s body (and the methods of classes there)."""
    found: list[Function] = []
    body: list[ast.AST] = [function.body] if isinstance(function, ast.Lambda) else list(function.body)
    pending = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            found.append(node)
            if isinstance(node, ast.Lambda):
                continue
            pending.extend(node.decorator_list)
            continue
        pending.extend(ast.iter_child_nodes(node))
    return found
