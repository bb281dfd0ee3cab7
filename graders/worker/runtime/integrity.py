"""Self-checks of the worker's instruments, taken before student code runs and with every reply.

Student code shares this process, so it can rebind what the measurements
rely on: remove JAX's monitoring listeners, flip JAX config flags, replace
`jax.jit`, or patch this runtime's own functions. Each reply carries the
current state; the judge compares it with the state from before the
submission was loaded and refuses to trust a measurement when they differ.
"""

from __future__ import annotations

import hashlib
import sys
import types
from typing import Any, Callable

__all__ = ["Integrity"]

_WATCHED_FLAGS = ("jax_disable_jit", "jax_explain_cache_misses")


def _code_digest(modules: list[types.ModuleType]) -> str:
    digest = hashlib.sha256()
    for module in modules:
        for name in sorted(vars(module)):
            value = vars(module)[name]
            members = [(name, value)]
            if isinstance(value, type) and value.__module__ == module.__name__:
                members += [(f"{name}.{attr}", item) for attr, item in sorted(vars(value).items())]
            for label, member in members:
                code = getattr(member, "__code__", None)
                if isinstance(code, types.CodeType):
                    digest.update(label.encode())
                    digest.update(code.co_code)
                    digest.update(repr(code.co_names).encode())
    return digest.hexdigest()


class Integrity:
    def __init__(self, listener: Callable[..., Any]) -> None:
        import jax
        from jax._src import monitoring

        self._jax = jax
        self._monitoring = monitoring
        self._listener = listener
        self._jit = jax.jit
        self._modules = [module for name, module in sorted(sys.modules.items())
                         if name.startswith(__name__.rsplit(".", 1)[0] + ".")]
        self.baseline = self.state()

    def state(self) -> dict[str, Any]:
        jax = self._jax
        flags = {}
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
            "code": _code_digest(self._modules),
            "listener": listening,
            "jit": jax.jit is self._jit,
            "flags": flags,
        }
