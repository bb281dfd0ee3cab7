"""The worker's system-call filter: what a JAX exercise never needs, refused by the kernel.

bubblewrap already takes every capability away and gives the worker namespaces of its own. What is
left is the kernel's surface that an unprivileged process can still reach: a user namespace of its own
(inside which it is root again and can mount), other processes' memory, the kernel keyring, eBPF,
performance counters, io_uring, `userfaultfd` (a tool of kernel exploits), file handles that open
files by number. No JAX exercise, plot or progress bar uses any of them, so each is refused with
EPERM (`clone3`, whose flags a filter cannot read, with ENOSYS: the C library then uses `clone`, whose
namespace flags are refused). The filter is classic BPF, written out here rather than by libseccomp
(one dependency less), handed to `bwrap --seccomp`; it is for x86-64, where every syscall number below
is the kernel's (`asm/unistd_64.h`). Elsewhere the worker runs without one, and says nothing: the
sandbox's other walls stand.
"""

from __future__ import annotations

import os
import platform
import struct

__all__ = ["DENIED_SYSCALLS", "filter_descriptor", "worker_filter"]

# x86-64 numbers, by name: the calls refused with EPERM.
DENIED_SYSCALLS: dict[str, int] = {
    "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311,
    "unshare": 272, "setns": 308,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "open_tree": 428, "move_mount": 429,
    "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433, "mount_setattr": 442,
    "keyctl": 250, "add_key": 248, "request_key": 249,
    "bpf": 321, "perf_event_open": 298, "userfaultfd": 323,
    "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "name_to_handle_at": 303, "open_by_handle_at": 304, "fanotify_init": 300,
    "kexec_load": 246, "kexec_file_load": 320, "init_module": 175, "finit_module": 313, "delete_module": 176,
    "reboot": 169, "swapon": 167, "swapoff": 168, "acct": 163, "syslog": 103, "vhangup": 153, "quotactl": 179,
    "settimeofday": 164, "clock_settime": 227, "adjtimex": 159, "iopl": 172, "ioperm": 173,
    "lookup_dcookie": 212, "personality": 135,
    # Another process's descriptors, memory advice or kernel objects, and the i386 segment table.
    "pidfd_getfd": 438, "process_madvise": 440, "kcmp": 312, "modify_ldt": 154, "memfd_secret": 447,
}
_CLONE, _CLONE3 = 56, 435
# CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME.
_NEW_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x80
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_BIT = 0x40000000

_LOAD_WORD, _JUMP_EQUAL, _JUMP_AT_LEAST, _JUMP_SET, _RETURN = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000
_EPERM, _ENOSYS = 1, 38
# struct seccomp_data: nr (4 bytes), arch (4), instruction pointer (8), then the six arguments (8 each).
_NUMBER, _ARCH, _FIRST_ARGUMENT_LOW = 0, 4, 16


def worker_filter() -> bytes | None:
    """The compiled filter (struct sock_filter[]), or None on a machine that is not x86-64."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return None
    denied = sorted(DENIED_SYSCALLS.values())
    # Jumps go forward only, counted from the next instruction; the three returns close the program.
    checks_end = 4 + len(denied) + 4  # arch, its check, the number, x32; the numbers; clone3, clone, flags, flag test
    allow, refuse, no_such = checks_end, checks_end + 1, checks_end + 2
    body: list[tuple[int, int, int, int]] = []

    def to(target: int) -> int:
        return target - (len(body) + 1)

    body.append((_LOAD_WORD, 0, 0, _ARCH))
    body.append((_JUMP_EQUAL, 0, to(refuse), _AUDIT_ARCH_X86_64))  # another ABI (i386's `int 0x80`): refused
    body.append((_LOAD_WORD, 0, 0, _NUMBER))
    body.append((_JUMP_AT_LEAST, to(refuse), 0, _X32_BIT))  # the x32 ABI's numbers: refused
    for number in denied:
        body.append((_JUMP_EQUAL, to(refuse), 0, number))
    body.append((_JUMP_EQUAL, to(no_such), 0, _CLONE3))
    body.append((_JUMP_EQUAL, 0, to(allow), _CLONE))
    body.append((_LOAD_WORD, 0, 0, _FIRST_ARGUMENT_LOW))  # clone's flags (x86-64 passes them first)
    body.append((_JUMP_SET, to(refuse), to(allow), _NEW_NAMESPACES))
    assert len(body) == allow
    body.append((_RETURN, 0, 0, _ALLOW))
    body.append((_RETURN, 0, 0, _ERRNO | _EPERM))
    body.append((_RETURN, 0, 0, _ERRNO | _ENOSYS))
    assert all(0 <= jt <= 255 and 0 <= jf <= 255 for _, jt, jf, _ in body)
    return b"".join(struct.pack("<HBBI", code, jt, jf, k) for code, jt, jf, k in body)


def filter_descriptor() -> int | None:
    """A descriptor holding the filter, for `bwrap --seccomp` (which reads it to the end); None where
    there is no filter. The caller passes it to bwrap and closes its own copy."""
    program = worker_filter()
    if program is None or not hasattr(os, "memfd_create"):
        return None
    descriptor = os.memfd_create("jaxgrade-seccomp", os.MFD_CLOEXEC)
    os.write(descriptor, program)
    os.lseek(descriptor, 0, os.SEEK_SET)
    return descriptor
