"""A persistent XLA compilation cache that only trusted code writes, and that holds only public programs.

Most of a grading is XLA compiling small programs: every primitive a
student's function runs eagerly, at every input shape, and every function
under `jit`. Every student's copy of a notebook runs the same demonstrations
and self-checks, so JAX's persistent compilation cache turns those
compilations into file reads.

What it holds, by construction: the programs the *released* notebook's cells
compile, and those every student's worker compiles to time an exercise's public
formula (the timed inputs' generator and the formula under `jit`, at the shape
every verdict names) (`graders/batch/warmup.py`), and nothing else. A student worker can
time a compilation or turn JAX's logger to DEBUG and see "cache hit", so a
hit must tell it nothing it could not learn from its own copy of the
notebook: no program compiled from a reference solution, an unreleased
notebook or the hidden inputs is ever written there.

Three directories, side by side:
- `<dir>`: what student workers read. Only a *filling* worker writes, into a
  private staging directory whose entries the judge then moves in whole, so
  no reader ever meets a half-written one. Student workers get it read-only
  at a fixed path (`SANDBOX_CACHE`), with all capabilities dropped and the
  directory mode `-wx--x--x`: they can open an entry whose name they can
  compute, and can neither list, write nor change the directory.
- `<dir>-stamps`: which assignment was filled by which code. No worker ever
  sees it: its names would tell which assignments exist before release.
- `<dir>-clean`: the clean timing workers' own (`clean_workers.py`). They run
  the exercise's formula and never student code, so they write it directly;
  no student worker mounts it.

Without bubblewrap a worker could write anywhere its user can, so it gets
no cache at all.

JAX counts a cache hit as a compilation (`backend_compile_duration` wraps
the cache lookup), so compile counts, and every verdict built on them, are
the same with a cold cache, a warm one, or none.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENVIRONMENT_VARIABLE", "CompilationCache", "default_cache_directory", "fingerprint",
           "use_in_judge"]

CACHE_ENVIRONMENT_VARIABLE = "JAXGRADE_CACHE_DIR"
_DISABLED = ("", "off", "none", "0")
# Owner may create and open entries; nobody may list them.
_DIRECTORY_MODE = stat.S_IWUSR | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
# Large enough that a read-only worker never tries to write an entry.
_NEVER = 1e9
# JAX otherwise also turns on XLA's GPU autotuning cache inside the cache directory, and
# that directory's path then enters every key: entries filled in a staging directory
# would never be found, and read-only workers would try to write autotuning results.
_PATH_INDEPENDENT_KEYS = {"jax_persistent_cache_enable_xla_caches": "none"}


def default_cache_directory() -> str | None:
    """`$JAXGRADE_CACHE_DIR`, or `$XDG_CACHE_HOME/jaxgrade/xla`; None when set to `off`."""
    configured = os.environ.get(CACHE_ENVIRONMENT_VARIABLE)
    if configured is not None:
        return None if configured.strip().lower() in _DISABLED else configured
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "jaxgrade", "xla")


@dataclass(frozen=True)
class CompilationCache:
    directory: Path
    writable: bool = False

    @classmethod
    def prepared(cls, directory: str | os.PathLike[str]) -> CompilationCache:
        """The cache at `directory`, created if missing and made unlistable."""
        path = Path(directory).expanduser().resolve()
        try:
            path.mkdir(parents=True, exist_ok=True)
            for sibling in (_stamps(path), _clean(path)):
                sibling.mkdir(mode=0o700, exist_ok=True)
            path.chmod(_DIRECTORY_MODE)
        except OSError as error:
            raise OSError(f"compilation cache {path}: {error.strerror or error}; set {CACHE_ENVIRONMENT_VARIABLE} "
                          "to a writable directory, or to 'off'") from None
        return cls(path)

    @classmethod
    def existing(cls, directory: str | os.PathLike[str] | None) -> CompilationCache | None:
        """The cache at `directory` for reading, or None when it was never prepared."""
        if directory is None:
            return None
        path = Path(directory).expanduser().resolve()
        return cls(path) if _stamps(path).is_dir() else None

    def for_clean_workers(self) -> CompilationCache:
        """The clean timing workers' own cache, beside this one: they write it as they compile."""
        clean = _clean(self.directory)
        clean.mkdir(mode=0o700, exist_ok=True)
        return CompilationCache(clean, writable=True)

    def staging(self) -> CompilationCache:
        """A private, writable directory for a filling worker; `publish` moves its entries in.

        JAX writes an entry in place, not atomically, so a worker reading the shared
        directory during a fill could meet half an entry. Entries appear there whole.
        """
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=self.directory))
        return CompilationCache(staging, writable=True)

    def publish(self, staging: CompilationCache) -> int:
        """Move the entries a filling worker wrote into this cache; the number of new entries."""
        added = 0
        for entry in staging.directory.iterdir():
            target = self.directory / entry.name
            if entry.is_file() and not entry.is_symlink() and not target.exists():
                os.replace(entry, target)
                added += 1
        shutil.rmtree(staging.directory, ignore_errors=True)
        return added

    def discard(self, staging: CompilationCache) -> None:
        shutil.rmtree(staging.directory, ignore_errors=True)

    def jax_settings(self, seen_at: str | None = None) -> dict[str, Any]:
        """JAX configuration values the worker applies before any code is compiled; `seen_at`: where the
        process finds the directory (a sandboxed worker, `SANDBOX_CACHE`), when not at its own path."""
        return {
            "jax_compilation_cache_dir": seen_at or str(self.directory),
            # No size limit means no eviction, so JAX never lists the directory or takes a lock file.
            "jax_compilation_cache_max_size": -1,
            "jax_persistent_cache_min_entry_size_bytes": 0,
            "jax_persistent_cache_min_compile_time_secs": 0.0 if self.writable else _NEVER,
            **_PATH_INDEPENDENT_KEYS,
        }

    # ---------------------------------------------------------------- stamps
    def is_warm(self, fingerprint: str) -> bool:
        return self._stamp(fingerprint).exists()

    def mark_warm(self, fingerprint: str) -> None:
        self._stamp(fingerprint).write_text("")

    def _stamp(self, fingerprint: str) -> Path:
        return _stamps(self.directory) / fingerprint


def _stamps(directory: Path) -> Path:
    return directory.with_name(f"{directory.name}-stamps")


def _clean(directory: Path) -> Path:
    return directory.with_name(f"{directory.name}-clean")


def use_in_judge(directory: str | None) -> None:
    """Let this (trusted) process cache the references' compilations next to the shared cache.

    A separate directory, `<directory>-judge`, that no worker ever sees: its entries are the
    references' compiled programs. JAX's cache settings are global and read once, on the
    first compilation, so the first caller wins and a user's own JAX_COMPILATION_CACHE_DIR
    is left alone. Only speed depends on this; results are the same programs either way.
    """
    import warnings

    import jax

    if directory is None or jax.config.jax_compilation_cache_dir is not None:
        return
    judge = Path(f"{Path(directory).expanduser().resolve()}-judge")
    try:
        judge.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return  # reported, if at all, by the shared cache; grading needs neither
    for name, value in CompilationCache(judge, writable=True).jax_settings().items():
        jax.config.update(name, value)
    # Two judges (--jobs 2) may meet an entry the other is still writing; JAX then
    # compiles the program itself, which is all that needs to happen.
    warnings.filterwarnings("ignore", message="Error reading persistent compilation cache entry")


def fingerprint(name: str, parts: Iterable[str | bytes]) -> str:
    """A stamp name for `name` that changes whenever any of `parts` does."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\x00")
    return f"{name}-{digest.hexdigest()[:24]}"
