"""What the submission's own code calls, recognised by the object called, not the name written.

The judge's source scan reads names, and a name can reach a capability by routes no reading follows:
`vars(logging)["os"].putenv`, `np.lib._npyio_impl.os`, a loop over `sys.modules` (red team, session
25). Here every call made *from the submission's code* is seen as it happens (PEP 669: `sys.monitoring`
CALL events, set on the submission's own code objects only, so JAX's and NumPy's calls cost nothing),
and a call of a capability (`graders/both_sides/capabilities.py`) is reported to the judge as an audit
event, with the student's line, however the object was reached. A capability handed to a call as its
first argument (`map(os.unsetenv, ...)`, `functools.partial(os.putenv, ...)`) counts as called.

It is a report from inside the student's process, so it only withholds points. Turning it off is
itself seen: the tool's name and each watched code object's events are checked at every reply
(`intact`), and a change is reported as `silenced`.

Runs in the worker, beside student code.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from ..both_sides.capabilities import CAPABILITY_FUNCTIONS, CAPABILITY_MODULES, QUERIES

__all__ = ["CapabilityCalls"]

# PEP 669 reserves 0-2 and 5 for debuggers, coverage, profilers and optimizers; 3 and 4 are free.
_TOOL = 3
_TOOL_NAME = "jaxgrade-capabilities"
_MAX_REPORTS = 10

# Not reported at run time, for an honest habit the watch cannot tell apart: `os.close` of the student's
# own `tempfile.mkstemp()` descriptor is the documented idiom, and `os.fdopen` of it too (the scan knows
# where the descriptor came from; at run time a number is a number).
_NOT_AT_RUN_TIME = frozenset({"os.close", "os.fdopen"})
# `posix` holds every `os` function, most of them harmless (`os.getcwd`): its capabilities are the
# `os.*` entries above, not the whole module.
_NOT_WHOLE = frozenset({"posix"})
# Registries written at load are written once; only at a call can a write count calls (as the scan).
_LOAD_TIME_KINDS = frozenset({"registry"})

Report = Callable[[str, str, str, int], None]

_METHOD_WRAPPER = types.MethodWrapperType
_METHOD_CALLER = operator.methodcaller
# Functions whose module and name are their own to say (C's are read-only): what a capability is by name.
_NAMED_TYPES = (types.BuiltinFunctionType, types.FunctionType)
# (attribute, name as written, kind) by the module that holds it: `os` -> ("putenv", "os.putenv", "process").
_FUNCTIONS_BY_MODULE: dict[str, list[tuple[str, str, str]]] = {}
for _written, _kind in CAPABILITY_FUNCTIONS.items():
    if _written not in _NOT_AT_RUN_TIME:
        _module, _, _attribute = _written.rpartition(".")
        _FUNCTIONS_BY_MODULE.setdefault(_module, []).append((_attribute, _written, _kind))
_QUERIES_BY_MODULE: dict[str, list[str]] = {}
for _written in QUERIES:
    _module, _, _attribute = _written.rpartition(".")
    _QUERIES_BY_MODULE.setdefault(_module, []).append(_attribute)


class CapabilityCalls:
    """Watches the calls the submission's code objects make; `report(kind, name, filename, line)` for
    each call of a capability (set before the first code is watched)."""

    def __init__(self) -> None:
        self.report: Report = _nowhere
        self.loading = True
        self._reported = 0
        self._known: dict[int, tuple[str, str]] = {}
        self._names: dict[str, tuple[str, str]] = {}
        # The questions those modules answer (`threading.get_ident` is `_thread.get_ident`), by real name.
        self._harmless: set[str] = set(QUERIES)
        self._harmless_ids: set[int] = set()
        self._learned: dict[str, types.ModuleType] = {}
        self._modules_seen = -1
        self._watched: list[types.CodeType] = []
        self._silenced = False
        self._broken = False
        self._partial = functools.partial
        monitoring = sys.monitoring
        self._events = monitoring.events.CALL
        monitoring.use_tool_id(_TOOL, _TOOL_NAME)
        monitoring.register_callback(_TOOL, self._events, self._on_call)
        self._get_tool = monitoring.get_tool
        self._register_callback = monitoring.register_callback
        self._get_local_events = monitoring.get_local_events
        self._set_local_events = monitoring.set_local_events

    def watch(self, code: types.CodeType) -> None:
        """Report the capabilities `code` and every function and class body defined in it call."""
        pending = [code]
        while pending:
            current = pending.pop()
            try:
                self._set_local_events(_TOOL, current, self._events)
            except Exception:  # noqa: BLE001 - the tool freed by an earlier cell: `intact` reports it
                self._broken = True
                return
            self._watched.append(current)
            pending.extend(constant for constant in current.co_consts if isinstance(constant, types.CodeType))

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """No events while the block runs (a timed batch: the watch's cost would be in its clock)."""
        for code in self._watched:
            self._set_local_events(_TOOL, code, 0)
        try:
            yield
        finally:
            for code in self._watched:
                self._set_local_events(_TOOL, code, self._events)

    def intact(self) -> bool:
        """Whether the watch still runs as set up; False once (and reported) when something turned it off."""
        if self._silenced:
            return False
        try:
            # Registered anew, which hands back what was there: a callback set to None or another function
            # by a route no hook blamed on the submission (red team, session 25: `heapq.nsmallest(key=...)`).
            ours = self._register_callback(_TOOL, self._events, self._on_call) == self._on_call
            whole = ours and not self._broken and self._get_tool(_TOOL) == _TOOL_NAME and all(
                self._get_local_events(_TOOL, code) == self._events for code in self._watched)
        except Exception:  # noqa: BLE001 - a monitoring API the submission replaced is a change in itself
            whole = False
        if not whole:
            self._silenced = True
            self.report("silenced", "the watch of what the code calls was turned off", "", 0)
        return whole

    def _on_call(self, code: types.CodeType, offset: int, called: object, first: object) -> None:
        if self._reported >= _MAX_REPORTS:
            return
        if len(sys.modules) != self._modules_seen:
            self._learn()
        hit = self._capability(called)
        if hit is None and type(called) is self._partial:
            hit = self._capability(called.func)
        if hit is None and type(called) is _METHOD_WRAPPER:  # `os.putenv.__call__`
            hit = self._capability(called.__self__)
        if hit is None and type(called) is _METHOD_CALLER and type(first) is types.ModuleType:
            # `operator.methodcaller("putenv", ...)(os)`: the method it names, read from the module's namespace.
            hit = self._capability(vars(first).get(called.__reduce__()[1][0]))
        if hit is None and callable(first):
            hit = self._capability(first)
        if hit is None or (self.loading and hit[0] in _LOAD_TIME_KINDS):
            return
        self._reported += 1
        self.report(hit[0], hit[1], code.co_filename, _line(code, offset))

    def _capability(self, called: object) -> tuple[str, str] | None:
        """The capability `called` is: by identity, or by the module and name a function of C or Python
        carries (read-only for C's), so a module imported anew (`del sys.modules[...]`) is the same."""
        hit = self._known.get(id(called))
        if hit is not None or type(called) not in _NAMED_TYPES:
            return hit
        function: Any = called
        owner, name = function.__module__, function.__qualname__
        if not isinstance(owner, str) or not isinstance(name, str):
            return None
        written = f"{owner}.{name}"
        hit = self._names.get(written)
        if hit is None and written not in self._harmless:
            root = owner.split(".")[0].lstrip("_")
            kind = CAPABILITY_MODULES.get(root) or CAPABILITY_MODULES.get("_" + root)
            if kind is not None and root not in _NOT_WHOLE:
                hit = (kind, written)
        return hit

    def _learn(self) -> None:
        """The capabilities of each module imported (or imported anew) since the last look, by identity."""
        modules = sys.modules
        self._modules_seen = len(modules)
        learned = self._learned
        fresh = [(module_name, module) for module_name, module in list(modules.items())
                 if learned.get(module_name) is not module and isinstance(module, types.ModuleType)]
        for module_name, module in fresh:  # the questions first: `_thread` may come before `threading`
            learned[module_name] = module
            for attribute in _QUERIES_BY_MODULE.get(module_name, ()):
                found = vars(module).get(attribute)
                if found is not None:
                    self._harmless_ids.add(id(found))
                    if type(found) in _NAMED_TYPES:
                        self._harmless.add(f"{found.__module__}.{found.__qualname__}")
        for module_name, module in fresh:
            self._learn_module(module_name, module)

    def _learn_module(self, module_name: str, module: types.ModuleType) -> None:
        namespace = vars(module)
        for attribute, written, kind in _FUNCTIONS_BY_MODULE.get(module_name, ()):
            found = namespace.get(attribute)
            if found is not None and callable(found):
                self._remember(found, kind, written)
        root = module_name.split(".")[0]
        whole = CAPABILITY_MODULES.get(root)
        if whole is None or root in _NOT_WHOLE:
            return
        for attribute, found in list(namespace.items()):
            written = f"{module_name}.{attribute}"
            try:
                if callable(found) and _defined_in(found, root) and written not in QUERIES:
                    self._remember(found, whole, written)
            except Exception:  # noqa: BLE001, S112 - an object planted there that will not say what it is
                continue

    def _remember(self, found: Any, kind: str, written: str) -> None:
        if id(found) in self._harmless_ids:
            return
        current = self._known.get(id(found))
        # The shortest name it has: `ctypes.CDLL`, not `ctypes._endian.CDLL`, whichever module came first.
        if current is None or len(written) < len(current[1]):
            self._known[id(found)] = (kind, written)
        if type(found) in _NAMED_TYPES:
            self._names.setdefault(f"{found.__module__}.{found.__qualname__}", (kind, written))


def _nowhere(kind: str, name: str, filename: str, line: int) -> None:
    """Where reports go before the audit trail exists: no submission code has run yet."""


def _defined_in(found: Any, root: str) -> bool:
    """Whether `found` is the module's own (or its C implementation's: `_signal` for `signal`), not a
    helper it imported (`threading` holds `time.monotonic` as `_time`)."""
    owner = getattr(found, "__module__", None)
    if not isinstance(owner, str):
        return False
    owner_root = owner.split(".")[0]
    return owner_root in (root, "_" + root) or root == "_" + owner_root


def _line(code: types.CodeType, offset: int) -> int:
    for start, end, line in code.co_lines():
        if start <= offset < end:
            return line or code.co_firstlineno
    return code.co_firstlineno
