"""The persistent compilation cache stays the grader's while it grades.

A notebook may point JAX's persistent cache at a folder of its own, often with
`jax_persistent_cache_min_compile_time_secs` at 0 so that every program is kept, as JAX's guide shows.
JAX opens the cache at the first compilation, which happens in the cells, so every program the
grader's calls compiled afterwards would be written there: files in the worker's folder that change
at every call, which the state watch rightly reads as state (honest class, session 26: a correct
notebook failed `no_globals` on all four of its functions). The function keeps nothing; JAX does, for
the grader. So the runtime reads the cache's settings before the cells run and, after them, puts
back any the cells changed and has JAX open the cache again where the runtime had it. What the cells
wrote stays where they wrote it, and a call that changes a setting again is the call's own doing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
from jax.experimental.compilation_cache import compilation_cache as _public_cache

__all__ = ["CacheSettings"]

# Bound when this module is imported, before any submission code runs.
_update: Callable[[str, Any], None] = jax.config.update
# JAX opens the cache again, from the settings, at the next compilation.
_reopen: Callable[[], None] = _public_cache.reset_cache
_config = jax.config


def _cache_settings() -> dict[str, Any]:
    return {name: value for name, value in _config.values.items()
            if "compilation_cache" in name or "persistent_cache" in name}


class CacheSettings:
    """The persistent cache's settings when it was made (the runtime's), to put back with `restore`."""

    def __init__(self) -> None:
        self._settings = _cache_settings()

    def restore(self) -> tuple[str, ...]:
        """Put back every setting that changed since; the names changed (none: nothing done)."""
        now = _cache_settings()
        changed = tuple(sorted(name for name, value in self._settings.items() if now.get(name) != value))
        for name in changed:
            _update(name, self._settings[name])
        if changed:
            _reopen()
        return changed
