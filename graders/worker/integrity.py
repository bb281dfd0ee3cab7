"""Self-checks of the worker's instruments, taken before student code runs and with every reply.

Student code shares this process, so it can rebind what the measurements
rely on: remove JAX's monitoring listeners, flip JAX config flags, replace
`jax.jit`, or patch this runtime's own functions. Each reply carries the
current state; the judge compares it with the state from before the
submission was loaded and refuses to trust a measurement when they differ.
"""

from __future__ import annotations

import hashlib
import itertools
import operator
import sys
import types
from collections.abc import Callable
from typing import Any

from .library import function_referents, functions_within, same_objects

__all__ = ["Integrity"]

_WATCHED_FLAGS = ("jax_disable_jit", "jax_explain_cache_misses")


class _RuntimeSnapshot:
    """What every name in the runtime's modules (and their classes) is bound to, by identity.

    Code objects are immutable, so a function whose object and `__code__` are the
    very ones seen before the submission loaded runs the same code; checking
    identities costs microseconds per reply where hashing bytecode cost half a
    millisecond, and it also covers what the runtime captured that is not code
    (the library functions it bound at import, its constants).
    """

    def __init__(self, modules: list[types.ModuleType], instruments: list[Callable[..., Any]]) -> None:
        self._modules = modules
        # Per namespace: the dict, its size, its names and what they were bound to, in order.
        self._namespaces: list[tuple[dict[str, Any], int, tuple[str, ...], tuple[Any, ...]]] = []
        for module in modules:
            # A warning a student's call raises with `stacklevel=2` is registered in the module of the
            # runtime frame that called it (`warnings` adds `__warningregistry__` there): made here first,
            # it is filled in place, and the namespace stays as recorded (honest class, session 26).
            vars(module).setdefault("__warningregistry__", {})
            self._record(vars(module))
            for value in list(vars(module).values()):
                if isinstance(value, type) and value.__module__ == module.__name__:
                    self._record(value.__dict__)
        # Everything bound there that has code, and that code.
        self._with_code = tuple(value for _, _, _, values in self._namespaces for value in values
                                if getattr(value, "__code__", None) is not None)
        # The functions among them, those behind staticmethods, classmethods and properties, and the
        # instruments themselves, whose code is read from what they hold (one audit event for all,
        # where reading `__code__` raises one each): anything they hold changed, their code is read.
        self._functions = functions_within(
            [*(value for _, _, _, values in self._namespaces for value in values),
             *(getattr(instrument, "__func__", instrument) for instrument in instruments)])
        self._function_codes = tuple(map(_code, self._functions))
        self._others = tuple(value for value in self._with_code if type(value) is not types.FunctionType)
        self._other_codes = tuple(map(_code, self._others))
        self._held = function_referents(self._functions)
        # What the instruments made at run time hold in their closures (the event stream's `os.write`,
        # descriptor and counter; the listener's emitter): a cell given new contents is a rebinding too.
        self._cells = [(cell, cell.cell_contents) for instrument in instruments
                       for cell in (getattr(instrument, "__closure__", None) or ())]
        self.token = self._digest()

    def _record(self, namespace: Any) -> None:
        items = list(namespace.items())
        self._namespaces.append((namespace, len(items), tuple(name for name, _ in items),
                                 tuple(value for _, value in items)))

    def _digest(self) -> str:
        parts = [f"{name}:{id(value)}:{id(getattr(value, '__code__', None))}"
                 for _, _, names, values in self._namespaces for name, value in zip(names, values)]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()

    def current(self) -> str:
        """The token from before the submission loaded, or a different one if anything was rebound.
        Each comparison runs in C (`map`), by identity: a few microseconds a namespace."""
        for namespace, size, names, values in self._namespaces:
            if len(namespace) != size:
                return f"resized:{id(namespace)}:{len(namespace)}"
            if not all(map(_is, values, map(namespace.get, names, _missing_forever))):
                name = next(name for name, value in zip(names, values) if namespace.get(name, _MISSING) is not value)
                return f"rebound:{name}"
        held = function_referents(self._functions)
        if not same_objects(held, self._held):
            if not all(map(_is, self._function_codes, map(_code, self._functions))):
                return "rebound:__code__"
            self._held = held  # a `__dict__` or annotations made on first read; the code is the same
        if not all(map(_is, self._other_codes, map(_code, self._others))):
            return "rebound:__code__"
        for cell, contents in self._cells:
            try:
                if cell.cell_contents is not contents:
                    return "closure"
            except ValueError:  # emptied
                return "closure"
        return self.token


_MISSING = object()
_missing_forever = itertools.repeat(_MISSING)
_is = operator.is_
_code = operator.attrgetter("__code__")


class Integrity:
    def __init__(self, listener: Callable[..., Any], instruments: list[Callable[..., Any]]) -> None:
        import jax
        from jax._src import monitoring

        self._jax = jax
        self._monitoring = monitoring
        self._listener = listener
        self._jit = jax.jit
        modules = [module for name, module in sorted(sys.modules.items())
                   if name.startswith(__name__.rsplit(".", 1)[0] + ".")]
        self._runtime = _RuntimeSnapshot(modules, [listener, *instruments])
        self.baseline = self.state()

    def state(self) -> dict[str, Any]:
        jax = self._jax
        flags: dict[str, bool | None] = {}
        for flag in _WATCHED_FLAGS:
            try:
                flags[flag] = bool(getattr(jax.config, flag))
            except Exception:  # noqa: BLE001 - a student may have broken the config object itself
                flags[flag] = None
        try:
            listening = self._listener in self._monitoring.get_event_duration_listeners()
        except Exception:  # noqa: BLE001
            listening = False
        return {
            "code": self._runtime.current(),
            "listener": listening,
            "jit": jax.jit is self._jit,
            "flags": flags,
        }
