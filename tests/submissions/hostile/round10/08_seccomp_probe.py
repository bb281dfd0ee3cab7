"""Red team round 10, file 08: system calls the seccomp filter does not list, and those it does.

Targeted change: d1054a1, graders/supervisor/seccomp.py. The filter refuses a list of numbers and
clone's namespace flags (low 32 bits of the first argument); clone3 gets ENOSYS. Not listed:
`pidfd_open` (434) + `pidfd_send_signal` (424), `pidfd_getfd` (438), `process_madvise` (440),
`kcmp` (312), `modify_ldt` (154), `memfd_secret` (447), `ioctl(TIOCSTI)`, `vfork`, `setsid`.
Trick: `flatten` calls each by `ctypes.CDLL(None).syscall`, plus `os.unshare(CLONE_NEWUSER)`,
raw `clone(CLONE_NEWUSER|SIGCHLD)` and `clone3`, and `os.listdir('/proc')` (which pids it can see to
target), then raises an exception listing each result (errno), which the report shows. `ctypes` trips
the source screen (needs-review): this file is after an escape, not points.
Target: the sandbox (no points).
Expected if sound: namespaces, ptrace-like and kernel-surface calls EPERM/ENOSYS; pidfd calls can only
reach processes inside the worker's own PID namespace; TIOCSTI fails (no controlling terminal).
Breach: a new user namespace (unshare/clone returning 0), or a pidfd on a process outside the sandbox.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import ctypes
import os


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    results = []

    def call(label, number, *args):
        ctypes.set_errno(0)
        value = libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
        results.append(f"{label}={value}/{ctypes.get_errno()}")
        return value

    try:
        os.unshare(os.CLONE_NEWUSER)
        results.append("unshare=0")
    except OSError as error:
        results.append(f"unshare=e{error.errno}")
    call("clone3", 435, 0, 0)
    call("clone_newuser", 56, 0x10000000 | 17, 0, 0, 0, 0)  # refused before it forks, or a child returns 0
    if results[-1].startswith("clone_newuser=0/"):
        os._exit(0)
    call("kcmp", 312, os.getpid(), 1, 0, 0, 0)
    call("modify_ldt_read", 154, 0, 0, 0)
    call("memfd_secret", 447, 0)
    pidfd = call("pidfd_open_1", 434, 1, 0)
    if pidfd >= 0:
        call("pidfd_getfd", 438, pidfd, 0, 0)
        call("pidfd_send_signal0", 424, pidfd, 0, 0, 0)
        call("process_madvise", 440, pidfd, 0, 0, 0, 0)
    call("ioctl_tiocsti", 16, 0, 0x5412, 0)
    call("personality", 135, 0xFFFFFFFF)
    call("userfaultfd", 323, 0)
    call("io_uring_setup", 425, 1, 0)
    try:
        pids = sorted(int(n) for n in os.listdir("/proc") if n.isdigit())
        results.append(f"pids={pids[:10]}")
    except OSError as error:
        results.append(f"proc=e{error.errno}")
    raise RuntimeError("RT10PROBE " + " ".join(results))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
