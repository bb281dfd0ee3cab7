"""The worker remembers, in its own memory, every program it compiled, so compiling the same program again
costs a lookup.

`no_globals` empties JAX's caches and makes a function's first calls again, so that what a trace reads is read
again (judge/checks/no_globals.py). The traces are needed; compiling their programs again is not: a trace
that reads what it read before lowers to the same program, and XLA would build the same executable from it.
That second compilation was a sixth to a fifth of a grading (0.2-0.7 s of 1.6-5.6 s for the solutions).

JAX already keys every compilation by its program and options (its persistent cache's key), and compiles
every program through one function, `jax._src.compiler.compile_or_get_cached`. This module wraps that
function: a program whose key it has seen is loaded from its own memory, any other is compiled by JAX as
before (shared persistent cache included: `judge/supervisor/compilation_cache.py`), and the executable
JAX returned is remembered under the key this module computed from the same program.

Why it is safe by construction:
- **Nothing leaves the process.** The memory lives in this worker, gone when it exits; no other worker, and
  no student, ever reads it. A student's program is never written to the shared cache: that stays governed
  by JAX's settings, which the judge sets (read-only for a student's worker).
- **Only what was compiled here, under the key of what was compiled.** An entry is written in one place:
  after XLA built a program's executable (not one JAX loaded from the shared cache), with the key computed
  from that same program, by this process's own backend, with options and devices of JAX's own types (no
  look-alike object can hash one program and compile another). Nothing offers a way to write an entry of
  one's choosing (red team, session 34: while JAX's `_cache_write` was the route in, a notebook wrote the
  executable of `lambda: True` under its own function's key). Reaching into the wrapper's closure stays possible, as
  with any object of a process that runs student code (a second red team did, with `inspect.getclosurevars`);
  what the judge decides rests on the outputs it compares, and the routes in (`gc`, closure and frame readers,
  JAX's compile and cache internals) are tripwires in the source (`judge/source/tripwires.py`).
- **The same key, the same executable.** The key covers the lowered program, the compile options, the
  backend, the XLA flags and JAX's version: a trace that read different state lowers to a different program,
  hence a different key, and is compiled.
- **The counts do not change.** JAX reports a compilation around this function, hit or miss
  (`worker/compilation.py` counts those events), so `no_recompilation` and the compile counts in every report
  are the same with or without the memory.
- **It is bounded.** At most `_BUDGET_BYTES`, oldest first out, so a submission compiling without end costs
  its own worker a compilation, never the memory limit.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
from jax._src import compilation_cache as _jax_cache
from jax._src import compiler as _compiler
from jax._src.lib import xla_client  # type: ignore[attr-defined]
from jax._src.lib.mlir import ir  # type: ignore[attr-defined]

__all__ = ["ExecutableMemory", "remember_executables"]

# Serialized CPU executables of a grading's small programs are 10-60 KB each; a grading compiles tens to a
# few hundred of them.
_BUDGET_BYTES = 64 * 2**20

# Bound when this module is imported, before any submission code runs.
_compile: Callable[..., Any] = _compiler.compile_or_get_cached
_backend_compile: Callable[..., Any] = _compiler.backend_compile_and_load
_cache_key: Callable[..., str] = _jax_cache.get_cache_key
_module_type = ir.Module
_options_type = xla_client.CompileOptions
_array_type = np.ndarray


class ExecutableMemory:
    """Serialized executables by JAX's cache key, most recently used last, at most `budget` bytes."""

    def __init__(self, budget: int = _BUDGET_BYTES) -> None:
        self._entries: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._budget = budget
        self.hits = 0

    def get(self, key: str) -> bytes | None:
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            self.hits += 1
        return entry

    def put(self, key: str, entry: bytes) -> None:
        if len(entry) > self._budget or key in self._entries:
            return
        self._entries[key] = entry
        self._size += len(entry)
        while self._size > self._budget:
            _, dropped = self._entries.popitem(last=False)
            self._size -= len(dropped)

    def __len__(self) -> int:
        return len(self._entries)


def remember_executables(backend: Any, memory: ExecutableMemory | None = None) -> ExecutableMemory:
    """Put `memory` (a new one by default) in front of every compilation of this process on `backend` (its
    CPU client, read before any submission code runs); it."""
    memory = memory or ExecutableMemory()
    # The executable XLA itself built during this thread's current compilation. One JAX loaded from the shared
    # persistent cache instead is not remembered: serialized again, a loaded executable can lack its kernels
    # (JaxRuntimeError "Function slice_bitcast_fusion.1 not found" when run from memory, found in session 34).
    built = threading.local()

    def backend_compile_and_load(*arguments: Any, **keywords: Any) -> Any:
        executable = _backend_compile(*arguments, **keywords)
        built.executable = executable
        return executable

    def key_of(backend_asked: Any, computation: Any, devices: Any, options: Any, profiler: Any) -> str | None:
        if (backend_asked is not backend or type(computation) is not _module_type or type(options) is not
                _options_type or type(devices) is not _array_type or profiler is not None):
            return None
        try:
            return _cache_key(computation, devices, options, backend)
        except Exception:  # noqa: BLE001 - a program JAX cannot key is compiled, as JAX itself does
            return None

    def compile_or_get_cached(backend_asked: Any, computation: Any, devices: Any, compile_options: Any,
                              host_callbacks: Any, executable_devices: Any, pgle_profiler: Any = None) -> Any:
        key = key_of(backend_asked, computation, devices, compile_options, pgle_profiler)
        entry = memory.get(key) if key is not None else None
        if entry is not None:
            callbacks = (host_callbacks,) if host_callbacks else ()
            return backend.deserialize_executable(entry, executable_devices, compile_options, *callbacks)
        built.executable = None
        executable = _compile(backend_asked, computation, devices, compile_options, host_callbacks,
                              executable_devices, pgle_profiler)
        if key is not None and built.executable is executable:
            try:
                memory.put(key, executable.serialize())
            except Exception:  # noqa: BLE001 - an executable that cannot be serialized is compiled again
                pass
        return executable

    setattr(_compiler, "backend_compile_and_load", backend_compile_and_load)  # noqa: B010 - typed as JAX's
    setattr(_compiler, "compile_or_get_cached", compile_or_get_cached)  # noqa: B010
    return memory
