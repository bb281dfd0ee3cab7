"""The sandbox command: what the worker can see."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graders.judge.submission import Cell, Submission
from graders.judge.supervisor.client import WorkerLimits
from graders.judge.supervisor.isolation import (
    SANDBOX_FOLDER,
    Isolation,
    bwrap_sizes_tmpfs,
    detect_isolation,
    sandboxed_command,
    shm_bytes,
)
from graders.judge.supervisor.session import SubmissionSession

sandboxed = pytest.mark.skipif(not detect_isolation().full and not os.environ.get("CI"),
                               reason="needs bubblewrap (`make test` installs it); in CI its absence fails")


def test_a_plain_process_runs_the_command_unchanged() -> None:
    assert sandboxed_command(["python", "-c", "1"], workdir=Path("/w"), readable=[],
                             isolation=Isolation("process", "no bwrap")) == ["python", "-c", "1"]


def test_private_tmp_is_mounted_before_binds_that_may_lie_under_it() -> None:
    args = sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=["/tmp/clone/.venv/site-packages"],
                             isolation=Isolation("bwrap"))
    assert args.index("/tmp") < args.index("/tmp/clone/.venv/site-packages") < args.index("/tmp/worker")
    remounted = [args[i + 1] for i, arg in enumerate(args) if arg == "--remount-ro"]
    assert remounted == ["/dev", "/proc", "/tmp", "/"]
    assert args[-2:] == ["--", "python"]


def test_the_judges_packages_are_never_bound_in() -> None:
    args = sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=["/usr/lib/python3/dist-packages"],
                             isolation=Isolation("bwrap"))
    repo = str(Path(__file__).resolve().parents[2])
    assert not any(arg == repo or arg.startswith(repo + "/graders") or arg.startswith(repo + "/solutions")
                   for arg in args)


def test_capabilities_are_dropped_and_the_cache_is_bound_read_only_unless_filling() -> None:
    def args(writable: bool) -> list[str]:
        return sandboxed_command(["python"], workdir=Path("/tmp/worker"), readable=[], isolation=Isolation("bwrap"),
                                 cache=Path("/srv/cache"), cache_writable=writable)

    reading, filling = args(False), args(True)
    assert reading[reading.index("--cap-drop") + 1] == "ALL"
    assert reading[reading.index("/srv/cache") - 1] == "--ro-bind"
    assert filling[filling.index("/srv/cache") - 1] == "--bind"


# What a cell sees of its own mounts and limits, printed for the judge to read.
_LOOK_AROUND = """
import os, resource, stat
for line in open("/proc/self/mountinfo"):
    fields = line.split()
    separator = fields.index("-")
    point, flags = fields[4], fields[5].split(",")
    kind = "device" if os.path.exists(point) and stat.S_ISCHR(os.stat(point).st_mode) else "place"
    print("MOUNT", point, flags[0], fields[separator + 1], fields[separator + 3], kind)
print("TASKS", resource.getrlimit(resource.RLIMIT_NPROC)[1])
"""


def _look_around(limits: WorkerLimits) -> tuple[list[tuple[str, str, str, str, str]], int]:
    submission = Submission(path=Path("look.py"), kind="python", cells=(Cell(1, "look.py", _LOOK_AROUND),))
    session = SubmissionSession(submission, limits)
    session.start()
    session.close()
    lines = session.student_output().splitlines()
    mounts = [tuple(line.split()[1:]) for line in lines if line.startswith("MOUNT ")]
    tasks = next(int(line.split()[1]) for line in lines if line.startswith("TASKS "))
    return mounts, tasks  # type: ignore[return-value]


def _size(options: str) -> int:
    value = next(option.split("=", 1)[1] for option in options.split(",") if option.startswith("size="))
    units = {"k": 2**10, "m": 2**20, "g": 2**30}
    return int(value[:-1]) * units[value[-1].lower()] if value[-1].isalpha() else int(value)


@sandboxed
def test_every_writable_mount_is_listed_and_the_places_to_write_hold_the_cap_together() -> None:
    """Inside the worker's sandbox, every mount that is not read-only is one of: /dev/pts, a device
    node (no files live there), the worker's folder and its private /dev/shm; those two are tmpfs
    whose sizes add up to the cap. Nothing else (not /proc, /dev, /tmp or /) can be written."""
    limits = WorkerLimits()
    mounts, tasks = _look_around(limits)
    writable = [(point, fstype, options, kind) for point, flag, fstype, options, kind in mounts if flag == "rw"]
    places = {point: options for point, fstype, options, kind in writable
              if kind == "place" and fstype not in ("proc", "devpts")}
    print("\n".join(f"{point} {fstype} {kind}" for point, fstype, _, kind in writable))
    assert not [point for point, fstype, _, kind in writable if fstype == "proc"]
    assert ("/proc", "ro") in {(point, flag) for point, flag, *_ in mounts}
    assert {point for point, fstype, _, kind in writable if fstype == "devpts"} <= {"/dev/pts"}
    assert all(point.startswith("/dev/") for point, _, _, kind in writable if kind == "device")
    if not bwrap_sizes_tmpfs():
        assert list(places) == [next(iter(places))]  # the folder alone, a host bind the judge watches
        return
    # The folder is at a fixed path: its host name (the judge's pid and start time) is not the worker's to read.
    folder = SANDBOX_FOLDER
    assert set(places) == {folder, "/dev/shm"}, places
    assert _size(places["/dev/shm"]) == shm_bytes(limits.folder_bytes)
    assert _size(places[folder]) + _size(places["/dev/shm"]) == limits.folder_bytes
    assert ("/dev", "ro") in {(point, flag) for point, flag, *_ in mounts}
    # The kernel's bound on processes and threads, counted in the sandbox's own user namespace.
    assert tasks == limits.tasks


_SYSCALL_PROBE = """
import ctypes, os, subprocess, threading
libc = ctypes.CDLL(None, use_errno=True)
CALLS = (("ptrace", 101, (0, 0, 0, 0)), ("unshare", 272, (0x10000000,)), ("keyctl", 250, (0, 0, 0, 0)),
         ("bpf", 321, (0, 0, 0)), ("io_uring_setup", 425, (1, 0)), ("userfaultfd", 323, (0,)),
         ("perf_event_open", 298, (0, 0, -1, -1, 0)), ("mount", 165, (0, 0, 0, 0, 0)))
for name, number, args in CALLS:
    result = libc.syscall(number, *args)
    print("SYSCALL", name, result, ctypes.get_errno())
try:
    os.unshare(os.CLONE_NEWUSER)
    print("NAMESPACE made")
except OSError as error:
    print("NAMESPACE refused", error.errno)
thread = threading.Thread(target=lambda: print("THREAD ran"))
thread.start()
thread.join()
print("CHILD", subprocess.run(["/bin/sh", "-c", "exit 7"]).returncode)
"""


@sandboxed
@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the system-call filter is written for x86-64")
def test_the_system_call_filter_refuses_what_no_exercise_needs_and_lets_threads_and_children_be() -> None:
    """A user namespace of its own (root again, inside it), ptrace, the keyring, eBPF, io_uring,
    userfaultfd, performance counters, mount: each refused with EPERM. Threads and child processes,
    which JAX and honest notebooks use, still run."""
    submission = Submission(path=Path("probe.py"), kind="python", cells=(Cell(1, "probe.py", _SYSCALL_PROBE),))
    session = SubmissionSession(submission, WorkerLimits())
    session.start()
    session.close()
    output = session.student_output()
    refused = [line.split()[1] for line in output.splitlines() if line.startswith("SYSCALL") and line.endswith(" -1 1")]
    assert refused == ["ptrace", "unshare", "keyctl", "bpf", "io_uring_setup", "userfaultfd", "perf_event_open",
                       "mount"], output
    assert "NAMESPACE refused 1" in output and "THREAD ran" in output and "CHILD 7" in output, output
