"""Workers timed against each other share one CPU core, set from outside, for as long as they are timed.

Runs in the judge. The judge reads each worker's CPU time and puts the student's on the
clean worker's scale by how fast each ran the same jitted formula. On a virtual machine the
cores do not run at one speed (a core's speed depends on what its host thread shares), and
two workers the scheduler left on different cores were measured at up to 3.5x apart on the
same formula (session 8, 2-core VM): more than `jit_speedup` can correct for, since a bounded
correction is what keeps a forger from buying speed with it. Two workers on one core meet the
same machine. This is only about measuring well: a worker that moves itself elsewhere is still
corrected for, and gains nothing the correction's bound does not already allow.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = ["last_cpu", "on_one_core"]


def _tasks(pids: Sequence[int]) -> list[int]:
    """Every thread of the processes (each has its own affinity), by thread id."""
    tids: list[int] = []
    for pid in pids:
        try:
            tids.extend(int(entry.name) for entry in Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue  # ended meanwhile
    return tids


def last_cpu(pid: int) -> int | None:
    """The core the process last ran on (field 39 of /proc/PID/stat), None where it cannot be read."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    fields = stat.rsplit(")", 1)[-1].split()
    try:
        return int(fields[36])
    except (IndexError, ValueError):
        return None


@contextlib.contextmanager
def on_one_core(pids: Sequence[int], cpu: int | None) -> Iterator[bool]:
    """Every thread of `pids` on core `cpu` inside the block, each thread's own affinity back after.

    Yields whether it could pin them: not where the kernel offers no affinity (not Linux), `cpu`
    is None or not among the judge's own cores, or a thread refuses.
    """
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if cpu is None or cpu not in allowed:
        yield False
        return
    before: dict[int, set[int]] = {}
    pinned = True
    for tid in _tasks(pids):
        try:
            before[tid] = os.sched_getaffinity(tid)
            os.sched_setaffinity(tid, {cpu})
        except OSError:
            pinned = False  # a thread that ended, or one the kernel will not move
    try:
        yield pinned
    finally:
        for tid in _tasks(pids):
            with contextlib.suppress(OSError):
                # Threads started inside the block inherited the pin: give them the judge's cores.
                os.sched_setaffinity(tid, before.get(tid, allowed))
