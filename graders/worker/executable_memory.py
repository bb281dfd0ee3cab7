"""The worker remembers, in its own memory, every program it compiled, so compiling the same program again
costs a lookup.

`no_globals` empties JAX's caches and makes a function's first calls again, so that what a trace reads is read
again (judge/checks/no_globals.py). The traces are needed; compiling their programs again is not: a trace
that reads what it read before lowers to the same program, and XLA would build the same executable from it.
That second compilation was a sixth to a fifth of a grading (0.2-0.7 s of 1.6-5.6 s for the solutions).

JAX already keys every compilation by its program and options (its persistent cache's key, computed
whenever the cache is enabled), and reads and writes that cache through two functions of
`jax._src.compiler`. This module puts its own memory in front of both: a lookup finds what this process
compiled before, then whatever the shared persistent cache holds (`judge/supervisor/compilation_cache.py`),
and every program compiled is remembered here as well as written wherever JAX's settings say.

Why it is safe by construction:
- **Nothing leaves the process.** The memory is a dict in this worker, gone when it exits; no other worker,
  and no student, ever reads it. A student's program is never written to the shared cache: that stays
  governed by JAX's settings, which the judge sets (read-only for a student's worker).
- **The same key, the same executable.** The key covers the lowered program, the compile options, the
  backend and JAX's version: a trace that read different state lowers to a different program, hence a
  different key, and is compiled. A verdict cannot tell a remembered executable from a fresh one.
- **The counts do not change.** JAX reports a compilation around the lookup, hit or miss
  (`worker/compilation.py` counts those events), so `no_recompilation` and the compile counts in every report
  are the same with or without the memory.
- **It is bounded.** At most `_BUDGET_BYTES`, oldest first out, so a submission compiling without end costs
  its own worker a compilation, never the memory limit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from jax._src import compilation_cache as _jax_cache
from jax._src import compiler as _compiler

__all__ = ["ExecutableMemory", "remember_executables"]

# Serialized CPU executables of a grading's small programs are 10-60 KB each; a grading compiles tens to a
# few hundred of them.
_BUDGET_BYTES = 64 * 2**20

# Bound when this module is imported, before any submission code runs.
_original_read: Callable[..., tuple[Any, int | None]] = _compiler._cache_read
_original_write: Callable[..., None] = _compiler._cache_write
_combine = _jax_cache.combine_executable_and_time
_extract = _jax_cache.extract_executable_and_time


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


def remember_executables(memory: ExecutableMemory | None = None) -> ExecutableMemory:
    """Put `memory` (a new one by default) in front of JAX's compilation cache for this process; it."""
    memory = memory or ExecutableMemory()

    def read(module_name: str, cache_key: str, compile_options: Any, backend: Any, executable_devices: Any,
             host_callbacks: Any) -> tuple[Any, int | None]:
        entry = memory.get(cache_key)
        if entry is None:
            return _original_read(module_name, cache_key, compile_options, backend, executable_devices,
                                  host_callbacks)
        serialized, compile_time = _extract(entry)
        arguments = (serialized, executable_devices, compile_options, *((host_callbacks,) if host_callbacks else ()))
        return backend.deserialize_executable(*arguments), compile_time

    def write(cache_key: str, compile_time_secs: float, module_name: str, backend: Any, executable: Any) -> None:
        try:
            memory.put(cache_key, _combine(executable.serialize(), int(compile_time_secs)))
        except Exception:  # noqa: BLE001 - an executable that cannot be serialized is compiled again, as before
            pass
        _original_write(cache_key, compile_time_secs, module_name, backend, executable)

    _compiler._cache_read = read
    _compiler._cache_write = write
    return memory
