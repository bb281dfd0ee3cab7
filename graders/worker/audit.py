"""A PEP 578 audit hook: what the submission's own code asked of the interpreter that a JAX exercise never needs.

Installed before any student code exists; Python offers no way to remove an
audit hook. It records, never blocks: an event is kept only when the code
responsible for it is the submission's (`_responsible_frame`), so JAX, NumPy,
matplotlib and this runtime calling the same functions count for nothing.

What it records is a report from inside the student's process, so the judge
uses it only to withhold points (`needs-review`), never to award them. The
judge's own reading of the source and its look at `/proc` from outside are the
tripwires a student cannot silence; this hook catches what those miss at
run time, such as capabilities reached through computed names.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from ..both_sides.events import AUDIT, Emit
from ..both_sides.proc_paths import reaches_process_files

__all__ = ["AuditTrail", "held_descriptors", "open_channels"]

_MAX_EVENTS = 20

# Event name (or prefix before a dot) -> the kind of capability, as the judge names it.
_KINDS = MappingProxyType({
    "os.system": "process", "os.exec": "process", "os.fork": "process", "os.forkpty": "process",
    "os.posix_spawn": "process", "os.spawn": "process", "os.kill": "process", "os.killpg": "process",
    "subprocess.Popen": "process", "pty.spawn": "process", "os.startfile": "process",
    "ctypes": "native", "cffi": "native", "mmap.__new__": "descriptor", "marshal.loads": "dynamic",
    "code.__new__": "dynamic",
    "function.__new__": "dynamic", "exec": "dynamic", "compile": "dynamic",
    "sys._getframe": "introspection", "sys._current_frames": "introspection", "sys.settrace": "introspection",
    "sys.setprofile": "introspection", "gc.get_objects": "introspection", "gc.get_referrers": "introspection",
    "gc.get_referents": "introspection", "object.__getattr__": "introspection", "sys.addaudithook": "introspection",
    "object.__setattr__": "identity", "object.__delattr__": "identity",
    "_thread.start_new_thread": "thread", "socket": "network",
    "open": "descriptor", "os.listdir": "descriptor", "os.scandir": "descriptor",
    "sys.monitoring.register_callback": "introspection",
})  # read-only: a kind taken out for a moment would have its events remembered as quiet for good
_PREFIX_KINDS = ("ctypes", "cffi", "socket")
# Attributes that reach a live frame: how code finds the runtime's locals (the channel's descriptors).
_FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"})

# The standard library's modules whose functions *are* the capabilities (the source scan's
# tables in graders/judge/source/tripwires.py name the same ones): a student who calls `subprocess.run`,
# `threading.Thread.start` or `inspect.currentframe` asked for the capability, so these frames only
# pass the request on. `os` is frozen into the interpreter, so its code is named `<frozen os>`.
_WRAPPERS = ("subprocess.py", "threading.py", "inspect.py", "os.py", "pty.py", "socket.py",
             "ctypes/", "multiprocessing/", "concurrent/", "asyncio/")
_FROZEN_WRAPPERS = ("<frozen os>",)


def _kind(event: str) -> str | None:
    kind = _KINDS.get(event)
    if kind is None and "." in event and event.split(".", 1)[0] in _PREFIX_KINDS:
        kind = _KINDS[event.split(".", 1)[0]]
    return kind


class AuditTrail:
    """Events of the submission's code, capped, each written to the judge's event stream as it happens:
    a record already written cannot be taken back by emptying a list here."""

    def __init__(self, student_files: set[str], emit: Emit) -> None:
        # The loader's set of cell file names: filled as cells run, read here by identity.
        self._student_files = student_files
        stdlib = os.path.dirname(os.__file__)
        self._wrappers = (*(os.path.join(stdlib, name) for name in _WRAPPERS), *_FROZEN_WRAPPERS)
        self._busy = False
        self.recorded = 0
        self._emit = emit
        self._dumps: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode
        self._getframe: Callable[[int], Any] = sys._getframe
        # The runtime's own channels, just before the first cell runs.
        self._channels = set(open_channels().split(","))
        sys.addaudithook(_quick_refusals(self._hook))

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if self._busy or self.recorded >= _MAX_EVENTS:
            return
        kind = _kind(event)
        if kind is None or (kind == "descriptor" and not _reaches_descriptors(args)):
            return
        self._busy = True  # sys._getframe raises an event of its own
        try:
            # The frame that raised the event: past this method and `_quick_refusals`.
            frame = self._responsible_frame(self._getframe(2))
            if frame is None:
                return
            detail = event
            if event in ("object.__getattr__", "object.__setattr__", "object.__delattr__") and len(args) > 1:
                detail = f"{event}: {args[1] if isinstance(args[1], str) else type(args[1]).__name__}"
            self.recorded += 1
            self._emit(AUDIT, self._dumps({"kind": kind, "event": detail[:80], "filename": frame.f_code.co_filename,
                                           "line": frame.f_lineno}).encode()[:1000])
        except RecursionError:
            # Raised so deep that the hook cannot look at the stack: the event's own operation fails
            # instead (an audit hook that raises aborts it), rather than going unrecorded.
            raise
        except Exception:  # noqa: BLE001 - the hook must never break the code it watches
            pass
        finally:
            self._busy = False

    def capability_called(self, kind: str, name: str, filename: str, line: int) -> None:
        """A capability the submission's code called, however it reached it (`capability_calls.py`)."""
        if self.recorded < _MAX_EVENTS:
            self.recorded += 1
            self._emit(AUDIT, self._dumps({"kind": kind, "event": name[:80], "filename": filename,
                                           "line": line}).encode()[:1000])

    def channels_left_open(self) -> None:
        """Once the cells ran: a socket or pipe they made and left open keeps bytes for later calls, a
        capability kept (red team, sessions 24), reported as one, at run time."""
        made = set(open_channels().split(",")) - self._channels - {""}
        if made and self.recorded < _MAX_EVENTS:
            self.recorded += 1
            # A word the judge says in the reader's language (`review._WORDED_EVENTS`).
            self._emit(AUDIT, self._dumps({"kind": "descriptor", "event": "channels-left-open", "filename": "",
                                           "line": 0}).encode())

    def _responsible_frame(self, frame: Any) -> Any:
        """The submission's frame that is responsible for an event raised in `frame`, or None.

        Responsible is the innermost frame that did more than pass the request on: the wrappers
        above are looked past, and the first other frame decides. It is the student's when it is
        one of the cells; anything else (the import system, which unmarshals and runs an installed
        library's code when a cell says `import matplotlib`; a library's own code, which a
        student's call may reach; this runtime) did the work itself, whoever called it. The rule
        knows no library by name: `marshal.loads` called by a cell is the student's, the same
        event under `importlib._bootstrap_external` while a cell imports scipy is not, and a
        callback of the student's that a library calls is the student's again, being innermost.
        """
        while frame is not None and frame.f_code.co_filename.startswith(self._wrappers):
            frame = frame.f_back
        if frame is None or frame.f_code.co_filename not in self._student_files:
            return None
        return frame


# Events of no kind, remembered as they are first met (`builtins.id`, which every identity check in the
# process raises, JAX's and this runtime's included), up to this many names: `sys.audit` can raise any.
_MAX_QUIET = 4096


def _quick_refusals(hook: Callable[[str, tuple[Any, ...]], None]) -> Callable[[str, tuple[Any, ...]], None]:
    """`hook`, behind the refusals that decide most events in a set lookup or two.

    The interpreter calls an audit hook on every audited event in the process: hundreds of thousands
    while a notebook is graded, most of them `builtins.id` and reads of `__code__`. Each costs what
    the hook's first lines cost, so those are one set lookup, in a plain function."""
    quiet: set[str] = set()
    frame_attributes = _FRAME_ATTRIBUTES
    kind_of = _kind

    def refuse_quickly(event: str, args: tuple[Any, ...]) -> None:
        if event in quiet:
            return
        if event == "object.__getattr__":
            if len(args) < 2 or args[1] not in frame_attributes:
                # `__code__` and `__defaults__` are read all the time by JAX and by this runtime's own
                # integrity check (dozens per reply); a student's read of them is in the source scan.
                return
        elif kind_of(event) is None:
            if len(quiet) < _MAX_QUIET:
                quiet.add(event)
            return
        hook(event, args)

    return refuse_quickly


_listdir, _readlink = os.listdir, os.readlink
_fstat, _os_open, _os_read, _os_close = os.fstat, os.open, os.read, os.close
_is_regular = stat.S_ISREG


def open_channels() -> str:
    """The sockets and pipes the process holds, by descriptor and inode (`7:pipe:[81]`): bytes queued in one
    outlive any call. The runtime's own channels are among them, the same at every reading."""
    found = []
    try:
        descriptors = _listdir("/proc/self/fd")
    except OSError:
        return "?"
    for descriptor in descriptors:
        try:
            target = _readlink(f"/proc/self/fd/{descriptor}")
            # By the file's type, not the link's text: a named pipe opened and then unlinked reads
            # "/dev/shm/q (deleted)" (red team, session 25).
            mode = _fstat(int(descriptor)).st_mode
        except OSError:
            continue  # the listing's own descriptor, closed by now
        if _is_channel(mode):
            found.append(f"{descriptor}:{target}")
    return ",".join(sorted(found))


def _is_channel(mode: int) -> bool:
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def held_descriptors() -> str:
    """Every descriptor the process holds, read whole, one text: state kept behind a descriptor is kept
    between calls however it is reached (red team, session 25: an eventfd's count, a deleted file's
    offset, a descriptor's non-blocking flag). For each: what it points at; the kernel's own account of
    it (/proc/self/fdinfo: offset and flags, and by kind an eventfd's count, an epoll's interest list, a
    timer's setting, inotify's watches); and for a regular file (a deleted one, a memfd) its size and
    modification and change times, since its contents are read nowhere else. Read by descriptor, so a
    descriptor opened and closed between two readings is no change."""
    found = []
    try:
        descriptors = _listdir("/proc/self/fd")
    except OSError:
        return "?"
    for descriptor in descriptors:
        try:
            target = _readlink(f"/proc/self/fd/{descriptor}")
            account = _read_whole(f"/proc/self/fdinfo/{descriptor}")
            # A path names a file or a device; pipes, sockets and anonymous inodes are told whole above.
            status = _fstat(int(descriptor)) if target.startswith("/") else None
        except OSError:
            continue  # the listing's own descriptor, closed by now
        contents = (f":{status.st_size}:{status.st_mtime_ns}:{status.st_ctime_ns}"
                    if status is not None and _is_regular(status.st_mode) else "")
        found.append(f"{descriptor}={target}{contents}|{account}")
    return ";".join(sorted(found))


def _read_whole(path: str) -> str:
    """A small /proc file's text, without a Python file object around it."""
    descriptor = _os_open(path, os.O_RDONLY)
    try:
        return _os_read(descriptor, 1 << 14).decode(errors="replace")
    finally:
        _os_close(descriptor)


def _reaches_descriptors(args: tuple[Any, ...]) -> bool:
    """`open` of a bare descriptor number, or a look into a process's files in /proc: how a process
    finds the grader's channel (`proc_paths`)."""
    target = args[0] if args else None
    if isinstance(target, int):
        return True
    if isinstance(target, (str, bytes, os.PathLike)):
        return reaches_process_files(os.fsdecode(target))
    return False
