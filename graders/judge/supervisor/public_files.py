"""The files every worker is given read-only, kept where their host paths say nothing about the host.

A worker can read its own mount table (`/proc/self/mountinfo`), which names the host path each bind
comes from. So what the sandbox binds into a worker lives in one folder of the grading account's,
`<tmp>/jaxgrade-public-<uid>`, under names made of public facts only: the runtime's copy by a digest of
its code (`runtime-<digest>`), matplotlib's font list by matplotlib's version and the fonts' state, the
account files by nothing. The per-worker folders, whose names carry the judge's pid and start time so a
later judge can sweep what a killed one left, are never bound: the worker's folder is a tmpfs of its own.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

__all__ = ["identity_folder", "public_folder", "runtime_copy"]


@functools.cache
def _machine_temporary_folder() -> str:
    # Read once, at the first call: a judge process points `tempfile.tempdir` at a scratch folder of its
    # own afterwards (batch/judge_process.py), and the public folder must stay the machine's, shared by
    # every judge. Under that scratch folder each judge built its own font list and runtime copy again
    # (0.4 CPU-s and 0.4 s before its first worker), and the path in a worker's mount table named the judge.
    return tempfile.gettempdir()


def public_folder() -> Path:
    """`<tmp>/jaxgrade-public-<uid>`, made private to this account; OSError when someone else holds the name."""
    folder = Path(_machine_temporary_folder()) / f"jaxgrade-public-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    status = folder.lstat()
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid() or status.st_mode & 0o077:
        raise OSError(f"{folder} is not a private folder of this account (uid {os.getuid()}): remove it, "
                      "or set TMPDIR to a folder of the grading account's own")
    return folder


def _replace_whole(staging: Path, target: Path) -> None:
    """Move the finished `staging` folder to `target`, unless another judge got there first."""
    try:
        staging.rename(target)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        if not target.is_dir():
            raise


@functools.lru_cache(maxsize=4)
def runtime_copy(package: str, rooms: tuple[tuple[str, str], ...]) -> Path:
    """The folder holding `package` (made of `rooms`: (name, source folder) pairs, bytecode included),
    copied once per version of their code: `<public>/runtime-<digest>`, whose `package` a worker imports."""
    digest = hashlib.sha256()
    for name, source in rooms:
        for path in sorted(Path(source).rglob("*")):
            if path.is_file():
                digest.update(f"{name}/{path.relative_to(source).as_posix()}".encode() + b"\0" + path.read_bytes())
    target = public_folder() / f"runtime-{digest.hexdigest()[:20]}"
    if not (target / package).is_dir():
        staging = Path(tempfile.mkdtemp(prefix=".runtime-", dir=target.parent))
        (staging / package).mkdir()
        (staging / package / "__init__.py").touch()
        for name, source in rooms:
            shutil.copytree(source, staging / package / name)
        _replace_whole(staging, target)
    return target


def identity_folder(home: str) -> Path:
    """`passwd` and `group` for a worker: root and the worker's own account at home in `home`, nobody
    else's (the host's would list every account, a hub's students among them)."""
    uid, gid = os.getuid(), os.getgid()
    users = ["root:x:0:0:root:/:/usr/sbin/nologin"] + (
        [f"student:x:{uid}:{gid}:student:{home}:/usr/sbin/nologin"] if uid != 0 else [])
    groups = ["root:x:0:"] + ([f"student:x:{gid}:"] if gid != 0 else [])
    files = {"passwd": "\n".join(users) + "\n", "group": "\n".join(groups) + "\n"}
    folder = public_folder() / "identity"
    if folder.is_dir() and all((folder / name).is_file() and (folder / name).read_text() == text
                               for name, text in files.items()):
        return folder
    staging = Path(tempfile.mkdtemp(prefix=".identity-", dir=folder.parent))
    for name, text in files.items():
        (staging / name).write_text(text)
    shutil.rmtree(folder, ignore_errors=True)
    _replace_whole(staging, folder)
    return folder
