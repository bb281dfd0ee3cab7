"""matplotlib's font list, built once per machine by trusted code, copied into each worker.

A notebook that plots imports matplotlib, which on its first import in a
fresh home scans every font on the machine (running `fc-list`, which cannot
read its configuration in the sandbox and says so on the student's output)
and writes the list to its cache folder. Every worker has a fresh home, so
every grading paid for the scan: 0.5-0.9 s per worker that loads the
submission on the project's 2-core machine, more where many fonts are
installed.

The list is built here instead, once for this matplotlib and these fonts, by
a process that runs no student code and sees the filesystem as a worker does
(the same sandbox), and each worker gets a copy of it in its own
`MPLCONFIGDIR`. A worker can change only its copy. Where the build cannot run,
workers build their own list, as before: slower, never wrong.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .isolation import Isolation, inside_sandbox, interpreter, sandboxed_command
from .public_files import public_folder

__all__ = ["MATPLOTLIB_FOLDER", "copy_font_list", "font_lists"]

# The worker's own matplotlib folder, inside its private directory (`MPLCONFIGDIR`).
MATPLOTLIB_FOLDER = "matplotlib"
# Where fonts live on Linux (matplotlib's own list of X11 font directories, and the user's).
_FONT_DIRECTORIES = ("/usr/share/fonts", "/usr/local/share/fonts", "/usr/X11R6/lib/X11/fonts", "/usr/lib/X11/fonts")
_BUILD_SECONDS = 120
_BUILD = ("import sys; sys.path.extend(sys.argv[1].split(__import__('os').pathsep)); "
          "import matplotlib.font_manager")


def font_lists(isolation: Isolation, packages: Sequence[str]) -> list[Path]:
    """The machine's font list files, built first if this machine has none for its matplotlib and fonts;
    none when they cannot be built. A sandboxed worker gets them bound read-only into its MPLCONFIGDIR."""
    try:
        prepared = _prepared(isolation, packages)
    except OSError:
        return []
    return sorted(prepared.glob("fontlist-*.json")) if prepared is not None else []


def copy_font_list(destination: Path, isolation: Isolation, packages: Sequence[str]) -> None:
    """Put the machine's font list into `destination` (a worker's MPLCONFIGDIR), building it first if
    this machine has none for its matplotlib and fonts; leaves `destination` empty when it cannot."""
    try:
        prepared = _prepared(isolation, packages)
        destination.mkdir(parents=True, exist_ok=True)
        if prepared is not None:
            for entry in prepared.glob("fontlist-*.json"):
                shutil.copyfile(entry, destination / entry.name)
    except OSError:
        return  # the worker builds its own list


@functools.lru_cache(maxsize=1)
def _key() -> str | None:
    """matplotlib's version and the state of the font directories: a new font means a new list. Read
    once per judge process (20 ms, mostly reading the installed packages' metadata)."""
    try:
        version = importlib.metadata.version("matplotlib")
    except importlib.metadata.PackageNotFoundError:
        return None
    state = [version]
    for root in _FONT_DIRECTORIES:
        for folder, _, _ in os.walk(root):
            try:
                state.append(f"{folder}:{os.stat(folder).st_mtime_ns}")
            except OSError:
                continue
    return hashlib.sha256("\n".join(state).encode()).hexdigest()[:16]


def _cache_root() -> Path:
    # In the account's public folder: a worker reads this path in its mount table (public_files.py).
    return public_folder()


def _prepared(isolation: Isolation, packages: Sequence[str]) -> Path | None:
    """The folder holding this machine's font list, built now if it is missing; None when it cannot be."""
    key = _key()
    if key is None:
        return None
    folder = _cache_root() / f"matplotlib-{key}"
    if any(folder.glob("fontlist-*.json")):
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".matplotlib-{key}-", dir=folder.parent))
    try:
        command = sandboxed_command([interpreter(), "-I", "-S", "-c", _BUILD, os.pathsep.join(packages)],
                                    workdir=staging, readable=[sys.base_prefix, *packages],
                                    isolation=isolation)
        inside = inside_sandbox(staging, staging, isolation)
        environment = {"HOME": inside, "MPLCONFIGDIR": inside, "MPLBACKEND": "Agg",
                       "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        completed = subprocess.run(command, cwd=staging, env=environment, stdin=subprocess.DEVNULL,
                                   capture_output=True, timeout=_BUILD_SECONDS)
        if completed.returncode != 0 or not any(staging.glob("fontlist-*.json")):
            return None
        try:
            staging.rename(folder)  # whole, or not at all: a judge beside this one may have won
        except OSError:
            pass
        return folder if any(folder.glob("fontlist-*.json")) else None
    except (OSError, subprocess.SubprocessError):
        return None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
