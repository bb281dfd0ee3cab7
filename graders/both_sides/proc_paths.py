"""Which paths lead to a process's own files, read by both sides: the worker's audit hook (as a call
happens) and the judge's source screen (in the text). Shared so that the two never disagree.

What leads to the grader's channel is a process's descriptors and memory: `/dev/fd`, `/proc` itself
(listing it finds the processes), and `/proc/<pid>`, `/proc/self`, `/proc/thread-self` and all below.
The machine's own facts (`/proc/cpuinfo`, `/proc/meminfo`, `/proc/loadavg`) are none of that: a
notebook that prints how many cores it has is ordinary. The path is normalised first, so
`/proc/./self` and `/proc/cpuinfo/../self` are what they are.
"""

from __future__ import annotations

import os

__all__ = ["reaches_process_files"]

_PROCESS_NAMES = ("self", "thread-self")


def reaches_process_files(path: str) -> bool:
    """Whether `path` (absolute, as written) is `/dev/fd`, `/proc`, or inside a process's folder of /proc."""
    normal = os.path.normpath(path) if path.startswith("/") else path
    if normal == "/dev/fd" or normal.startswith("/dev/fd/"):
        return True
    if normal == "/proc":
        return True
    if not normal.startswith("/proc/"):
        return False
    first = normal[len("/proc/"):].split("/", 1)[0]
    return first in _PROCESS_NAMES or first.isdigit() or first == ""
