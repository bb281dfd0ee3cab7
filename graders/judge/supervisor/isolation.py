"""How the worker process is confined.

With bubblewrap (`bwrap`) the worker sees an allow-listed filesystem: the
Python installation and third-party packages read-only, its own private
directory writable, an empty /tmp, and nothing else. That hides the
reference solutions, the grader's source, the course directory, the
gradebook and other submissions. It runs in new user, PID, network, IPC
and UTS namespaces: no network, and every process it starts dies with it.
Without bwrap it is a plain process in its own session, and the report says
that it was less isolated. Resource limits apply either way: the worker sets
them on itself before it imports anything (graders/worker/main.py), so the judge,
which holds JAX's threads, never has to fork with a preexec hook.
"""

from __future__ import annotations

import functools
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SANDBOX_CACHE", "SANDBOX_FOLDER", "Isolation", "accelerator_present", "arguments_by_descriptor",
           "bwrap_sizes_tmpfs", "detect_isolation", "inside_sandbox", "interpreter",
           "sandboxed_command", "shm_bytes"]

_HIDDEN_PACKAGES = ("graders", "solutions")
# Where the worker's own folder and the compilation cache are inside the sandbox: fixed names, so nothing
# the worker can read (its working directory, /proc/self/mountinfo, its environment) holds the host's
# folder names, which say whose judge started it and when.
SANDBOX_FOLDER = "/grading"
SANDBOX_CACHE = "/xla-cache"
_ETC_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/nsswitch.conf")
# The accounts a worker may look up: itself and root. The host's /etc/passwd would list every account on
# the machine, a hub's students among them (`public_files.identity_folder`).
_IDENTITY_FILES = ("passwd", "group")
_MIB = 2**20


def shm_bytes(folder_bytes: int) -> int:
    """The share of the worker's writable space that its private `/dev/shm` gets: a sixteenth, at most 16 MiB.

    bubblewrap's `--dev` makes `/dev` a tmpfs the size of half the machine's memory, with `/dev/shm` a
    directory in it that any process may write. The worker gets its own `/dev/shm` of this size, and
    its folder the rest of the cap, so all it can write together is `folder_bytes`.
    """
    return max(_MIB, min(16 * _MIB, folder_bytes // 16))


@dataclass(frozen=True)
class Isolation:
    kind: str  # "bwrap" or "process"
    reason: str = ""

    @property
    def full(self) -> bool:
        return self.kind == "bwrap"


@functools.lru_cache(maxsize=1)
def detect_isolation() -> Isolation:
    """bwrap when it is installed and this machine allows its namespaces; else a plain process."""
    if os.environ.get("JAXGRADE_SANDBOX") == "none":
        return Isolation("process", "disabled with JAXGRADE_SANDBOX=none")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return Isolation("process", "bubblewrap (bwrap) is not installed")
    probe = [bwrap, "--unshare-all", "--die-with-parent", "--ro-bind", "/usr", "/usr",
             "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
             "--proc", "/proc", "--dev", "/dev", "/usr/bin/true"]
    try:
        completed = subprocess.run(probe, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as error:
        return Isolation("process", f"bwrap could not run ({error})")
    if completed.returncode != 0:
        first = (completed.stderr.strip().splitlines() or ["unknown error"])[0]
        return Isolation("process", f"this machine does not allow bwrap's namespaces ({first})")
    return Isolation("bwrap")


@functools.lru_cache(maxsize=1)
def bwrap_sizes_tmpfs() -> bool:
    """Whether this bwrap can cap a tmpfs (`--size`, bubblewrap 0.7 and later)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return False
    try:
        completed = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--size" in completed.stdout + completed.stderr


def _hidden_package_dirs() -> list[str]:
    hidden: list[str] = []
    for name in _HIDDEN_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            hidden.extend(str(Path(location).resolve()) for location in spec.submodule_search_locations)
    return hidden


def sandboxed_command(command: Sequence[str], *, workdir: Path, readable: Sequence[str],
                      isolation: Isolation, cache: Path | None = None, cache_writable: bool = False,
                      folder_bytes: int | None = None, read_only: Sequence[tuple[str, str]] = (),
                      seccomp_fd: int | None = None, identity: Path | None = None) -> list[str]:
    """`command` wrapped so that it runs confined; unchanged for a plain process.

    `cache` is the compilation cache directory, bound read-only unless `cache_writable`.
    The worker finds its folder at `SANDBOX_FOLDER`. With `folder_bytes` that is a tmpfs instead of a
    bind of the host folder `workdir`; `workdir` and a private `/dev/shm` hold `folder_bytes` together.
    `read_only`: (host path, path under `SANDBOX_FOLDER`) pairs bound read-only into it, such as the
    runtime's copy (`public_files.py`: host paths a worker may read in its mount table).
    `seccomp_fd`: a descriptor holding the worker's system-call filter (`seccomp.filter_descriptor`).
    `identity`: a folder with the `passwd` and `group` the worker sees (`public_files.identity_folder`);
    without it, none at all.
    """
    if not isolation.full:
        return list(command)
    bwrap = shutil.which("bwrap") or "bwrap"
    # The private /tmp comes first: later binds may lie under /tmp (a checkout or a
    # virtual environment there) and must be mounted on top of it, not hidden by it.
    # --cap-drop ALL matters when the judge runs as root: bwrap would otherwise keep every
    # capability, and the worker could raise its own limits or remount its binds writable.
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--tmpfs", "/tmp",
            "--ro-bind", "/usr", "/usr"]
    for link, target in (("/bin", "usr/bin"), ("/sbin", "usr/sbin"), ("/lib", "usr/lib"), ("/lib64", "usr/lib64")):
        if os.path.islink(link):
            args += ["--symlink", target, link]
        elif os.path.isdir(link):
            args += ["--ro-bind", link, link]
    for path in _ETC_FILES:
        args += ["--ro-bind-try", path, path]
    if identity is not None:
        for name in _IDENTITY_FILES:
            args += ["--ro-bind", str(identity / name), f"/etc/{name}"]
    seen = {"/usr"}
    for path in readable:
        resolved = str(Path(path).resolve())
        if resolved not in seen and not resolved.startswith("/usr/"):
            args += ["--ro-bind", resolved, resolved]
            seen.add(resolved)
    # A regular (non-editable) install puts the judge's packages in site-packages: blank them out.
    for hidden in _hidden_package_dirs():
        if any(hidden == bound or hidden.startswith(bound.rstrip("/") + "/") for bound in seen):
            args += ["--tmpfs", hidden]
    # Accelerators: device nodes and the driver's view of the system.
    for device in sorted(glob.glob("/dev/nvidia*")):
        args += ["--dev-bind", device, device]
    if glob.glob("/dev/nvidia*"):
        args += ["--ro-bind-try", "/sys", "/sys"]
    if cache is not None:
        args += ["--bind" if cache_writable else "--ro-bind", str(cache), SANDBOX_CACHE]
    # Everything bwrap assembled is read-only at the end, /tmp included: the worker's
    # own directory (its HOME and TMPDIR) is the only place it can write, besides the
    # staging directory of a worker that fills the compilation cache.
    args += ["--proc", "/proc", "--dev", "/dev"]
    if folder_bytes is not None:
        # Tmpfs of fixed sizes: the kernel refuses writes past them (ENOSPC), so a submission can
        # never fill the host's disk or memory, and the folder leaves nothing on disk. `/dev/shm`
        # is one of them, its size taken out of the folder's: the cap holds for both together.
        shm = shm_bytes(int(folder_bytes))
        args += ["--size", str(shm), "--tmpfs", "/dev/shm"]
        args += ["--size", str(int(folder_bytes) - shm), "--tmpfs", SANDBOX_FOLDER]
    else:
        args += ["--bind", str(workdir), SANDBOX_FOLDER]
    for source, destination in read_only:
        args += ["--ro-bind", source, f"{SANDBOX_FOLDER}/{destination}"]
    # `/dev` itself read-only: without a sized `/dev/shm` of its own (a bwrap without `--size`) its
    # `shm` directory is read-only with it. Device nodes and /dev/pts are mounts of their own, and
    # hold no files.
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    # /proc read-only too: a process may write some of its own files there (`comm`, `oom_score_adj`,
    # `timerslack_ns`...), state kept between calls that no namespace shows.
    args += ["--remount-ro", "/dev", "--remount-ro", "/proc", "--remount-ro", "/tmp", "--remount-ro", "/",
             "--chdir", SANDBOX_FOLDER, "--"]
    return args + list(command)


def inside_sandbox(path: str | Path, workdir: Path, isolation: Isolation) -> str:
    """Where `path`, a path under the worker's host folder `workdir`, is as the worker sees it."""
    if not isolation.full:
        return str(path)
    relative = Path(path).relative_to(workdir)
    return SANDBOX_FOLDER if relative == Path(".") else f"{SANDBOX_FOLDER}/{relative.as_posix()}"


def arguments_by_descriptor(argv: Sequence[str]) -> tuple[list[str], int]:
    """`argv` (bwrap's, options then `--` and the command) as `bwrap --args FD -- COMMAND`: bwrap reads its
    options from a pipe, so the sandbox's `/proc/1/cmdline`, which any process inside can read, holds the
    worker's own command line and none of the host paths bwrap binds. The caller passes the descriptor to
    the child and closes its own copy."""
    end = list(argv).index("--")
    read_end, write_end = os.pipe()
    payload = b"".join(os.fsencode(argument) + b"\0" for argument in argv[1:end])
    try:
        # Far below a pipe's buffer (64 KiB): the write never waits on bwrap.
        if len(payload) >= 60_000:
            raise OSError(f"bwrap's arguments take {len(payload)} bytes, more than a pipe holds unread")
        os.write(write_end, payload)
    except BaseException:
        os.close(read_end)
        raise
    finally:
        os.close(write_end)
    return [argv[0], "--args", str(read_end), *argv[end:]], read_end


def accelerator_present() -> bool:
    return bool(glob.glob("/dev/nvidia[0-9]*")) or os.environ.get("JAX_PLATFORMS", "").startswith(("cuda", "gpu"))


def interpreter() -> str:
    """The real interpreter behind a virtual environment's python, which the sandbox can see."""
    return os.path.realpath(sys.executable)
