"""Every call of the submission's code watched alike, by nothing the call can see.

Around every request that runs the submission's code (a call of any check, the calls
of a recompilation, a trace), the state the named function can reach is
fingerprinted before and after, and each digest is written to the judge's event
stream as it is taken (`events.py`):

- every place `hidden_state.reachable_parts` finds from the module-level names the
  function's code names (closures, defaults, attributes, partial arguments, bound
  methods' objects, classes and metaclasses, lru caches, data and objects);
- the global random generators of `random` and `numpy.random`, which `random.random()`
  and `np.random.rand()` draw from, the environment, `sys.argv`, the files in the
  folders the worker can write to, and data kept on loggers (`logging.getLogger(name)`
  hands every caller the same one);
- the library data the function's code names through a module (`np.typecodes`), and
  every function and object of the submission alive after its cells ran, however it is
  kept (an interpreter registry such as `codecs.register`), found by the collector;
- the submission's own namespace, by identity (a global rebound at run time);
- the names of the imported modules the submission reaches, by identity
  (`math._calls += 1`), and data it planted in them, by fingerprint.

Nothing is swapped or copied for the call: the function runs with its module's own
plain dict as globals, as every other call does, and the fingerprints run no student
code. So no call can tell it is watched, and none is watched differently. What
changed is described in the reply, for the message; that something changed, the
judge reads from the stream.
"""

from __future__ import annotations

import _random
import ctypes
import logging
import operator
import os
import random
import resource
import signal
import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from ..both_sides.events import STATE_AFTER, STATE_BEFORE, Emit
from ..both_sides.operations import Watch, operations_watched
from .audit import held_descriptors
from .calls import Calls
from .fingerprint import (
    FINGERPRINT_DEPTH,
    FINGERPRINT_ITEMS,
    MISSING,
    UNREADABLE,
    Reader,
    change,
    exact_repr,
    identity,
    plain_text,
    state_entry,
    summary,
)
from .hidden_state import (
    Planted,
    code_roots,
    is_data,
    is_interpreter_name,
    is_unread_name,
    plain_modules,
    ranked_residents,
    reachable_parts,
    reached_modules,
    resident_objects,
)
from .library import EXEMPT

__all__ = ["StateWatch", "WATCHED_OPS", "find_hidden_state"]

# Requests whose calls of the submission's code are each watched (they all go through `Calls.invoke`),
# and requests that only trace it, watched as a whole: as both_sides/operations.py declares them. Timing
# batches are left alone: their clocks would carry the fingerprints, which the clean worker never takes.
_PER_CALL_OPS = operations_watched(Watch.EACH_CALL)
_PER_REQUEST_OPS = operations_watched(Watch.WHOLE_REQUEST)
WATCHED_OPS = _PER_CALL_OPS | _PER_REQUEST_OPS
# Places read for a change only: what cannot be read there is the library's, or not reached by name.
_CHANGES_ONLY = frozenset({"library", "library_callable", "resident", "logger", "other_global"})
# Module-level arrays the function does not name are read by their bytes up to this size.
_LARGE_ARRAY_BYTES = 1 << 16
# ... and all of them together with at most this many items.
_OTHER_GLOBALS_ITEMS = 1000  # "registered" is not: see snapshot
_MAX_FINDINGS = 50

# The generators `random.random()` and `np.random.rand()` draw from, and how to read them, bound
# before any submission code runs: a generator swapped in later is a patch the library watch reports.
_python_rng = random._inst
_python_getstate = _random.Random.getstate  # the C generator's own, not a method a student could patch
_numpy_rng = np.random.mtrand._rand
_numpy_getstate = np.random.RandomState.get_state
_is = operator.is_
# The environment's own dict (os.environ is a view over it), bound before any submission code runs.
_environ_data: dict[Any, Any] = os.environ._data  # type: ignore[attr-defined]
_values = operator.methodcaller("values")
# The folders the worker can write to (its working folder, and the private /dev/shm the sandbox
# gives it), fixed before any submission code runs: a file is state kept between calls too.
# Named "." and "/dev/shm" in what the judge is told: the working folder's own name differs each run.
_WRITABLE_FOLDERS = tuple((shown, path) for shown, path in ((".", os.getcwd()), ("/dev/shm", "/dev/shm"))
                          if os.path.isdir(path))
_MAX_FILES = 1000


def _read_only_mounts(folders: tuple[tuple[str, str], ...]) -> frozenset[tuple[int, int]]:
    """(device, inode) of each folder inside a writable one that is a read-only mount of its own (the
    sandbox binds the runtime's copy so): nothing in it can change, so the file listing, read at
    every call, does not go into it. Found before any submission code runs; a process in the sandbox
    can neither remount nor move a mount, and no other folder has that device and inode."""
    found: set[tuple[int, int]] = set()
    for _, folder in folders:
        try:
            device = os.stat(folder).st_dev
            with os.scandir(folder) as entries:
                for entry in entries:
                    if not entry.is_dir(follow_symlinks=False):
                        continue
                    status = entry.stat(follow_symlinks=False)
                    if status.st_dev != device and os.statvfs(entry.path).f_flag & os.ST_RDONLY:
                        found.add((status.st_dev, status.st_ino))
        except OSError:
            continue
    return frozenset(found)


_READ_ONLY_MOUNTS = _read_only_mounts(_WRITABLE_FOLDERS)
_scandir, _stat = os.scandir, os.stat
_copy = dict.copy
_os_open, _os_read, _os_close, _O_RDONLY = os.open, os.read, os.close, os.O_RDONLY
_sha1 = __import__("hashlib").sha1
_getcwd = os.getcwd
_getrlimit = resource.getrlimit
_LIMITS = tuple(getattr(resource, name) for name in sorted(dir(resource)) if name.startswith("RLIMIT_"))
# The lines of /proc/self/status a process can set for itself: its name (`comm`), file mode mask,
# signal mask, ignored and caught signals, and the CPUs it may run on.
# Pending signals too: a blocked real-time signal queued once per call is a counter (red team, session 25).
_STATUS_FIELDS = (b"Name:", b"Umask:", b"SigPnd:", b"ShdPnd:", b"SigBlk:", b"SigIgn:", b"SigCgt:",
                  b"Cpus_allowed_list:")
_getpriority = os.getpriority
_getitimer = signal.getitimer
_TIMERS = (signal.ITIMER_REAL, signal.ITIMER_VIRTUAL, signal.ITIMER_PROF)
_sched_getscheduler, _sched_getparam = os.sched_getscheduler, os.sched_getparam
_PRIO_PROCESS = os.PRIO_PROCESS


def _stable_getters(module: Any, names: list[str]) -> tuple[tuple[str, Callable[[], Any]], ...]:
    """The getters among `names` that take no argument and answer the same twice before any student
    code runs: each reads one setting of the interpreter that any call can change and the next read
    (`sys.set_int_max_str_digits`, `sys.setswitchinterval`). A counter (allocated blocks) is left out."""
    found = []
    for name in names:
        getter = getattr(module, name, None)
        if not callable(getter):
            continue
        try:
            if repr(getter()) == repr(getter()):
                found.append((f"{module.__name__}.{name}", getter))
        except Exception:  # noqa: BLE001 - one that needs arguments is no setting
            continue
    return tuple(found)


def _decimal_settings() -> tuple[Any, ...]:
    """decimal's context, changed in place by `getcontext().prec = n`: its settings, its traps and its
    flags (which stay set once raised: nine bits a call can set and clear, red team session 24)."""
    context = _decimal.getcontext()
    if type(context) is not _decimal.Context:
        return ("context of the submission's own class",)  # read no attribute a student defined
    return (context.prec, context.rounding, context.Emin, context.Emax, context.capitals, context.clamp,
            tuple(bool(context.traps[signal]) for signal in _DECIMAL_SIGNALS),
            tuple(bool(context.flags[signal]) for signal in _DECIMAL_SIGNALS))


def _locale_settings() -> str:
    """Every category of the C library's locale, as `setlocale(LC_ALL)` reports them (a query, changing
    nothing): six categories set each call are six bits (red team, session 24)."""
    return str(_locale.setlocale(_locale.LC_ALL))


def _stream_settings() -> int:
    """The standard streams' own settings, read through `io`'s C getters (`reconfigure` changes them in
    place: a counter kept in `sys.stderr.errors`, red team round 20); a stream of another type by its type."""
    found: list[Any] = []
    streams: tuple[Any, ...] = (sys.stdin, sys.stdout, sys.stderr)
    for stream in streams:
        if type(stream) is _TextIOWrapper:
            found.append((stream.encoding, stream.errors, stream.line_buffering, stream.write_through))
        else:
            found.append(identity(type(stream)))
    return hash(tuple(found))


# The settings below are read as one hash of builtin values each: only equality matters, and a
# tuple's text or fingerprint cost 0.1 ms a reading where its hash costs a microsecond.


def _jax_settings() -> int:
    """Every global value of JAX's configuration, by identity (`jax.config.update` cycles one as a
    counter, red team round 20); a thread's own override (`with jax.numpy_rank_promotion(...)`) ends
    with its block."""
    return hash(tuple(map(identity, map(_global_value, list(_jax_holders.values())))))


def _warning_filters() -> int:
    """`warnings`' filters, by their text (`filterwarnings` adds one a call, red team round 20). A library
    that changes them inside `catch_warnings()` puts the list back as it was."""
    entries = _warnings.filters
    found: list[Any] = [_plain(_warnings.defaultaction)]
    for entry in (list(entries) if type(entries) is list else [entries]):
        if type(entry) is tuple and len(entry) == 5:
            found.append(tuple(value.pattern if type(value) is _Pattern else _plain(value) for value in entry))
        else:
            found.append(identity(entry))
    return hash(tuple(found))


def _logging_settings() -> int:
    """What `logging` itself keeps on each logger that was ever configured (level, propagation, filters,
    disabled) and the manager's `disable`: a level raised at each call is a counter (red team round 20).
    A logger left as `getLogger` made it is skipped: one made at call time changes nothing here until it
    is configured. Handlers are not read: `logging` adds one itself, at the first warning a call raises
    once `captureWarnings(True)` ran at load (honest class, session 26). Nothing of a student's class
    runs: values of other types than logging's own are read by identity."""
    found: list[Any] = [_plain(logging.root.manager.disable)]
    for name, logger in [("", logging.root), *list(_logger_registry.items())]:
        if type(logger) is not _Logger:
            continue
        fields = vars(logger)
        level, propagate, filters, disabled = (fields.get("level"), fields.get("propagate"), fields.get("filters"),
                                               fields.get("disabled"))
        if level == 0 and type(level) is int and propagate is True and disabled is False \
                and type(filters) is list and not filters:
            continue
        found.append((_plain(name), _plain(level), identity(propagate), identity(disabled),
                      tuple(map(identity, list(filters))) if type(filters) is list else identity(filters)))
    return hash(tuple(found))


def _exempt_bindings() -> int:
    """What the library names the library watch lets a library rebind (`library.EXEMPT`: `catch_warnings()`
    swaps `warnings.showwarning` and puts it back) are bound to, by identity: rebound for good by a call,
    they keep what it set (red team round 21 kept a counter on a `partial` bound there)."""
    return hash(tuple(identity(vars(module).get(name)) if module is not None else 0
                      for module, name in _EXEMPT_PLACES))


def _plain(value: Any) -> Any:
    """`value` itself when it is of a builtin type whose hash and equality are the interpreter's; else
    its identity (no `__hash__` or `__eq__` of a student's class runs)."""
    return value if type(value) in _BUILTIN_VALUES else identity(value)


_EXEMPT_PLACES = tuple((sys.modules.get(module_name), name) for module_name, name in sorted(EXEMPT))
_BUILTIN_VALUES = frozenset({str, int, float, bool, type(None)})
_Pattern = __import__("re").Pattern


_TextIOWrapper = __import__("io").TextIOWrapper
_warnings = __import__("warnings")
_syslog = __import__("syslog")
_jax_config = __import__("jax").config
# JAX's settings, by holder: the live mapping, so a setting defined later is read too.
_jax_holders: dict[str, Any] = getattr(_jax_config, "_value_holders", {})
_global_value = __import__("operator").attrgetter("value")
_decimal = __import__("decimal")
_locale = __import__("locale")
_DECIMAL_SIGNALS = (_decimal.Clamped, _decimal.DivisionByZero, _decimal.FloatOperation, _decimal.Inexact,
                    _decimal.InvalidOperation, _decimal.Overflow, _decimal.Rounded, _decimal.Subnormal,
                    _decimal.Underflow)
# Settings of the interpreter and its libraries that live outside any namespace (in C, or in a
# context variable): every `sys.get*`, and the same for gc, NumPy's error and print handling,
# decimal's context, the C locale, tracemalloc's and the default socket timeout. Read at each snapshot,
# as one place.
_SETTINGS = (
    _stable_getters(sys, [name for name in dir(sys) if name.startswith(("get", "is_"))
                          and name not in ("getallocatedblocks", "getunicodeinternedsize", "getrefcount")])
    + _stable_getters(__import__("gc"), ["get_threshold", "isenabled", "get_debug"])
    + _stable_getters(np, ["geterr", "getbufsize", "geterrcall", "get_printoptions"])
    + (("decimal.getcontext", _decimal_settings), ("locale.setlocale", _locale_settings))
    + _stable_getters(__import__("tracemalloc"), ["is_tracing", "get_traceback_limit"])
    + _stable_getters(__import__("socket"), ["getdefaulttimeout"])
    + _stable_getters(__import__("threading"), ["gettrace", "getprofile", "stack_size"])
    + (("io.streams", _stream_settings), ("jax.config", _jax_settings), ("warnings.filters", _warning_filters),
       # Not `atexit._ncallbacks()`: JAX registers exit handlers at its first use of some features, in
       # a graded call (`jax.value_and_grad`'s first call added one). The scan judges `atexit`.
       ("logging", _logging_settings), ("library.exempt", _exempt_bindings),
       # The C library's syslog priority mask: `setlogmask(0)` reads it and changes nothing.
       ("syslog.setlogmask", lambda: _syslog.setlogmask(0)))
)
_signal = __import__("signal")
_SIGNALS = tuple(sorted(_signal.valid_signals()))
# The C function, not `signal.getsignal`, which wraps it in Python to turn SIG_DFL and SIG_IGN into
# enums: read for 62 signals at every snapshot, the wrapper was about a fifth of the settings' cost.
_getsignal = __import__("_signal").getsignal


class _Snapshot:
    """What one function can reach, at one moment: fingerprints of its places and of the global
    generators, its module's namespace and the reached modules' namespaces by identity."""

    def __init__(self, places: dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]],
                 namespace: dict[str, Any], libraries: list[tuple[str, types.ModuleType, dict[str, Any]]]) -> None:
        self.places = places
        self.namespace = namespace
        self.libraries = libraries
        self._unchanged_libraries: bytes | None = None

    def digest(self, changed_libraries: bool) -> bytes:
        """Eight bytes that tell this reading's places and names apart. Kept for `changed_libraries`
        false: a call's "after" is the next call's "before", and most calls change nothing."""
        if not changed_libraries and self._unchanged_libraries is not None:
            return self._unchanged_libraries
        parts = sorted(f"{key}={text}" for key, (text, _) in self.places.items())
        parts.append(",".join(f"{name}:{identity(value)}" for name, value in self.namespace.items()))
        parts.append("libraries changed" if changed_libraries else "")
        found = Reader.digest_bytes(parts)
        if not changed_libraries:
            self._unchanged_libraries = found
        return found


class StateWatch:
    def __init__(self, calls: Calls, emit: Emit, planted: Callable[[], Planted],
                 residents: Callable[[], list[tuple[str, Any, bool]]] = list) -> None:
        self.calls = calls
        self._emit = emit
        self._planted = planted
        self._residents = residents
        self._roots: dict[str, tuple[Any, tuple[list[str], list[tuple[str, str, Any]]]]] = {}
        self._reached: list[tuple[str, types.ModuleType]] | None = None
        # (function, census size, the last call's "after"), carried to the next call request.
        self._carried: tuple[str, int, _Snapshot] | None = None

    def answer(self, op: str, request: dict[str, Any],
               handler: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """`handler(request)`; for a request that runs the submission's code, with the named
        function's state fingerprinted around it."""
        name = request.get("name")
        carried, self._carried = self._carried, None
        if op not in WATCHED_OPS or not isinstance(name, str) or not self.calls.submission.defines(name):
            return handler(request)
        findings: list[dict[str, Any]] = []
        # Nothing of the submission's runs between two of its calls, within a request or from one
        # call request to the next of the same function (any other request, which may run its code
        # unwatched, such as a timing batch, drops what was carried): one call's "after" is the next
        # one's "before", read once, and a change made between them is still seen. A census that
        # found more of the submission's objects makes a new reading.
        latest: list[_Snapshot] = []
        if carried is not None and carried[0] == name and carried[1] == len(self._residents()):
            latest = [carried[2]]

        def around(run: Callable[[], Any]) -> Any:
            return self._watched(name, run, findings, latest)

        if op in _PER_CALL_OPS:
            self.calls.around = around
            try:
                reply = handler(request)
            finally:
                self.calls.around = None
            if latest and op != "global_uses":
                self._carried = (name, len(self._residents()), latest[0])
        else:
            reply = around(lambda: handler(request))
        if findings:
            reply["state"] = findings[:_MAX_FINDINGS]
        return reply

    def _watched(self, name: str, run: Callable[[], Any], findings: list[dict[str, Any]],
                 latest: list[_Snapshot] | None = None) -> Any:
        """`run()`, with what `name` reaches fingerprinted before and after, each digest written to the
        judge's stream as it is taken, and what changed added to `findings`. `latest`: the previous
        call's "after" in the same request, used as this one's "before", and replaced by this one's."""
        before = latest[0] if latest else self.snapshot(name)
        self._emit(STATE_BEFORE, before.digest(False))
        try:
            return run()
        finally:
            after = self.snapshot(name)
            # Equal digests mean every place read the same and every name is bound to the same object
            # (eight bytes of SHA-1: no call finds a collision): only the modules are left to compare.
            changes = (_library_changes(before.libraries, name) if after.digest(False) == before.digest(False)
                       else self._changes(name, before, after))
            self._emit(STATE_AFTER, after.digest(any(f["type"] == "module" for f in changes)))
            findings += changes
            if latest is not None:
                latest[:] = [after]

    # ------------------------------------------------------------------ reading
    def snapshot(self, name: str) -> _Snapshot:
        submission = self.calls.submission
        namespace = submission.module.__dict__
        reader = Reader(FINGERPRINT_ITEMS * 10, frozenset(submission.filenames))
        places: dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]] = {}
        seen: set[int] = set()
        found: list[tuple[tuple[str, str, str], Any]] = []
        roots, library = self._code_roots(name)
        for root in roots:
            value = namespace.get(root, MISSING)
            if value is MISSING or is_interpreter_name(root):
                continue
            for owner, kind, part, member in reachable_parts(root, value, submission.module.__name__,
                                                             submission.filenames, seen):
                found.append(((owner, kind, part), member))
        # The library data the code names (`np.typecodes`), and the submission's functions and objects
        # however they are kept alive: read after the named places, so a change is told where it is named.
        for text, attribute, module in library:
            member = vars(module).get(attribute, MISSING)
            if member is not MISSING:
                found.append(((text, "library", attribute), member))
        for resident_name, resident, registered in self._residents():
            # Kept alive only by something else (a registry): what cannot be read there fails, as
            # anywhere the function reaches by name.
            found.append(((resident_name, "registered" if registered else "resident", ""), resident))
        # The module's other data, which the function's code does not name: a library may still change
        # it on the function's behalf (a list's bound `append` registered as a callback).
        large: set[int] = set()
        named = set(roots)
        for global_name, value in list(namespace.items()):
            if isinstance(global_name, str) and global_name not in named and not is_unread_name(global_name) \
                    and is_data(value):
                found.append(((global_name, "other_global", ""), value))
                if isinstance(value, np.ndarray) and value.nbytes > _LARGE_ARRAY_BYTES:
                    large.add(identity(value))
        # Each value is read whole at the first place that holds it, and by identity everywhere else
        # (inside other places too): one change, told once, where it is.
        first: dict[int, int] = {}
        for index, (_, member) in enumerate(found):
            first.setdefault(identity(member), index)
        reader.placed = {identity(member) for _, member in found}
        for index, (key, member) in enumerate(found):
            while key in places:  # two levels of a wrapper with a cell of the same name
                key = (key[0], key[1], key[2] + "'")
            if key[1] == "other_global":
                # What the function does not name costs a bounded share of the reading: a large array by
                # identity, shape and dtype, and past the share, nothing (read for changes only).
                reader.budget = min(reader.budget, _OTHER_GLOBALS_ITEMS)
                if identity(member) in large:
                    places[key] = (f"ref:{identity(member)}|{member.shape}{member.dtype}", ("value", "ndarray"))
                    continue
            places[key] = (reader.place(member, whole=first[identity(member)] == index), summary(member, reader))
        for module_name, module, names in self._planted().modules():
            current = vars(module)
            for attribute in sorted(names):
                if attribute in current:
                    member = current[attribute]
                    places[(module_name, "module", attribute)] = (reader.fingerprint(member, FINGERPRINT_DEPTH),
                                                                  summary(member, reader))
        places.update(_process_state())
        # `dict.copy` of a module's namespace: a third of `dict(...)`'s time for namespaces with deleted names.
        libraries = [(module_name, module, _copy(vars(module))) for module_name, module in self._reached_modules()]
        return _Snapshot(places, dict(namespace), libraries)

    def unreadable(self, name: str) -> list[dict[str, Any]]:
        """The places `name` reaches whose state the fingerprint cannot read: no evidence of purity."""
        found = []
        for (owner, kind, part), (text, _) in sorted(self.snapshot(name).places.items()):
            if kind in _CHANGES_ONLY:
                continue
            if text.startswith(UNREADABLE):
                found.append(_finding(owner, name, kind, part, {"kind": "unreadable", "type": text.split("|", 1)[1]}))
        named = {f["name"] for f in found if f["type"] != "function"}
        return [f for f in found if f["type"] != "function" or f["name"] not in named]

    def _code_roots(self, name: str) -> tuple[list[str], list[tuple[str, str, Any]]]:
        """The module-level names the function's code reaches, and the library data it names (read
        once per binding of `name`)."""
        submission = self.calls.submission
        value = submission.lookup(name)
        cached = self._roots.get(name)
        if cached is None or cached[0] is not value:
            cached = (value, code_roots(value, name, submission.filenames, submission.module.__name__))
            self._roots[name] = cached
        return cached[1]

    def _reached_modules(self) -> list[tuple[str, types.ModuleType]]:
        if self._reached is None:
            namespace = self.calls.submission.module.__dict__
            reached = reached_modules(namespace) | {identity(module) for _, module, _ in self._planted().modules()}
            self._reached = [(name, module) for name, module in plain_modules({self.calls.submission.module.__name__})
                             if identity(module) in reached]
        return self._reached

    # --------------------------------------------------------------- comparing
    def _changes(self, name: str, before: _Snapshot, after: _Snapshot) -> list[dict[str, Any]]:
        findings: list[dict[str, Any]] = []
        for key in sorted(set(before.places) | set(after.places)):
            if before.places.get(key, ("",))[0] != after.places.get(key, ("",))[0]:
                owner, kind, part = key
                how = {"kind": "drawn"} if kind == "rng" else change(before.places.get(key), after.places.get(key))
                findings.append(_finding(owner, name, kind, part, how))
        for global_name in sorted(set(before.namespace) | set(after.namespace)):
            if before.namespace.get(global_name, MISSING) is not after.namespace.get(global_name, MISSING):
                findings.append({"name": global_name, "access": "write", "function": name, "filename": "",
                                 "line": 0, "type": "", "part": "", "change": {}})
        findings += _library_changes(before.libraries, name)
        # A function read whole changes with any of its parts: named by the part when one was found.
        named = {f["name"] for f in findings if f.get("type") != "function"}
        return [f for f in findings if f.get("type") != "function" or f["name"] not in named]


def _finding(owner: str, function: str, kind: str, part: str, how: dict[str, Any]) -> dict[str, Any]:
    return {"name": owner, "access": "state", "function": function, "filename": "", "line": 0, "type": kind,
            "part": part, "change": how}


def _process_state() -> dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]]:
    """State of the process a graded function can change whatever it names: the global random
    generators of `random` and `numpy.random`, the environment and `sys.argv`, as places of their own."""
    reader = Reader()
    return {**_generators(),
            ("os", "module", "environ"): (_environment_text(reader), summary(_environ_data, reader)),
            ("sys", "module", "argv"): (reader.fingerprint(sys.argv, FINGERPRINT_DEPTH), summary(sys.argv, reader)),
            ("os", "process", ""): (f"process:{_kernel_state()}", ("value", "process")),
            ("sys", "settings", ""): (f"settings:{_interpreter_settings(reader)}", ("value", "settings")),
            **_files(), **_loggers(reader)}


def _environment_text(reader: Reader) -> str:
    """The environment's text: whole when it holds only bytes (as `os.environ` keeps it), else read; and
    the C library's own environment, which `os.environ` only mirrors: a variable set there and then taken
    out of the mirror (`os.environ._data.pop`) or set by a route no name shows is still read (red team,
    session 25), since the C library reads it (`time.mktime` re-reads `TZ`)."""
    environment = dict.copy(_environ_data)
    text = plain_text(environment, 1)
    mirror = f"plain:{text}" if text is not None else reader.fingerprint(environment, FINGERPRINT_DEPTH)
    return f"{mirror}|c:{Reader.digest_bytes(_c_environment()).hex()}"


def _c_environment() -> list[str]:
    """Each `NAME=value` of the C library's `environ`, read through the array it keeps (as Latin-1: every
    byte one character)."""
    entries: list[str] = []
    if _C_ENVIRON is None:
        return entries
    index = 0
    while True:
        entry = _C_ENVIRON[index]
        if entry is None:
            return entries
        entries.append(entry.decode("latin-1"))
        index += 1


def _c_environ() -> Any:
    try:
        return ctypes.POINTER(ctypes.c_char_p).in_dll(ctypes.CDLL(None), "environ")
    except (OSError, ValueError, AttributeError):
        return None  # no C library that exports it: the mirror alone is read


# Bound before any submission code exists (the runtime's own `ctypes` use).
_C_ENVIRON = _c_environ()


def _kernel_state() -> str:
    """What the kernel keeps for the process that any call can set and the next one read: its name,
    file mode mask, signal masks and CPUs (`_STATUS_FIELDS`), priority and scheduling policy, working
    folder, resource limits (soft and hard: lowering a hard one is a change too) and every descriptor
    it holds, read whole (`held_descriptors`). (The sandbox mounts /proc read-only, so
    nothing is kept in its files.)"""
    try:
        # One read of the whole file, without a Python file object around it.
        status = _os_open("/proc/self/status", _O_RDONLY)
        try:
            text = _os_read(status, 1 << 16)
        finally:
            _os_close(status)
        fields = b";".join(line.strip() for line in text.split(b"\n") if line.startswith(_STATUS_FIELDS)).decode(
            errors="replace")
    except OSError:
        fields = "?"
    try:
        folder = _getcwd()
    except OSError:
        folder = "?"
    try:
        priority = str(_getpriority(_PRIO_PROCESS, 0))
    except OSError:
        priority = "?"
    limits = ",".join(f"{soft}/{hard}" for soft, hard in map(_getrlimit, _LIMITS))
    # An interval timer's interval is kept even while it is disarmed.
    timers = ",".join(f"{value}/{interval}" for value, interval in map(_getitimer, _TIMERS))
    try:
        scheduling = f"{_sched_getscheduler(0)}:{_sched_getparam(0).sched_priority}"
    except OSError:
        scheduling = "?"
    return f"{fields};{priority};{scheduling};{folder};{limits};{timers};{held_descriptors()}"


def _interpreter_settings(reader: Reader) -> str:
    """Every setting of `_SETTINGS` and each signal's handler, as one text: a call that changes one
    keeps state between calls that no namespace shows. Handlers by identity (a new function each
    call is a change)."""
    parts = []
    for name, getter in _SETTINGS:
        try:
            value = getter()
            text = plain_text(value)
            parts.append(f"{name}=plain:{text}" if text is not None
                         else f"{name}={reader.fingerprint(value, FINGERPRINT_DEPTH)}")
        except Exception:  # noqa: BLE001 - a getter a call broke is a change in itself
            parts.append(f"{name}=?")
    try:
        parts.append(f"signals={tuple(map(identity, map(_getsignal, _SIGNALS)))}")
    except (ValueError, OSError):
        for number in _SIGNALS:
            try:
                parts.append(f"signal{number}={identity(_getsignal(number))}")
            except (ValueError, OSError):
                continue
    return Reader.digest_bytes(parts).hex()


# What the logging module itself keeps on a logger; anything else set on one is somebody's data.
_LOGGER_FIELDS = frozenset({"name", "level", "parent", "propagate", "handlers", "disabled", "filters", "manager",
                            "_cache"})
_logger_registry: dict[str, Any] = logging.Logger.manager.loggerDict
_Logger = logging.Logger


def _loggers(reader: Reader) -> dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]]:
    """Data kept as attributes of loggers, as places of their own. A logger is process state by name:
    `logging.getLogger(name)` hands every caller the same object, so a memo set on it at call time is
    state kept between calls that no name of the submission holds."""
    places = {}
    for name, logger in list(_logger_registry.items()):
        # Most loggers hold only the module's own fields: told apart in C, by a set difference.
        if type(logger) is not _Logger or not vars(logger).keys() - _LOGGER_FIELDS:
            continue
        for attribute, value in list(vars(logger).items()):
            if attribute not in _LOGGER_FIELDS:
                places[(str(name), "logger", str(attribute))] = (reader.fingerprint(value, FINGERPRINT_DEPTH),
                                                                 summary(value, reader))
    return places


def _files() -> dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]]:
    """Each writable folder's files, by name, size and modification time, as a place of its own:
    a counter kept in a file survives between calls as well as one kept in a list."""
    places = {}
    for shown, folder in _WRITABLE_FOLDERS:
        entries: list[str] = []
        unlisted = False
        # The folder itself: its mode and times are bits a call can set (red team, session 25).
        try:
            root = _stat(folder)
            entries.append(f"/:{root.st_mode}:{root.st_mtime_ns}:{root.st_ctime_ns}")
        except OSError:
            unlisted = True
        pending = [folder]
        while pending and not unlisted:
            try:
                with _scandir(pending.pop()) as found:
                    for entry in found:
                        if len(entries) >= _MAX_FILES:
                            # More files than are read at each call: what is past them could change
                            # unseen, so no evidence either way (a counter behind a thousand empty files).
                            unlisted = True
                            break
                        try:
                            status = entry.stat(follow_symlinks=False)
                        except FileNotFoundError:
                            continue  # removed while it was listed
                        except OSError:
                            # Listed but not read (a folder's search bit taken off, a path past the
                            # longest the kernel takes): what it holds could change unseen.
                            unlisted = True
                            break
                        # The change time too: no process can set it, so a write hidden by setting the
                        # modification time back (`os.utime`) still shows.
                        entries.append(f"{entry.path[len(folder):]}:{status.st_size}:{status.st_mtime_ns}:"
                                       f"{status.st_ctime_ns}")
                        if entry.is_dir(follow_symlinks=False) \
                                and (status.st_dev, status.st_ino) not in _READ_ONLY_MOUNTS:
                            pending.append(entry.path)
            except FileNotFoundError:
                continue  # removed while it was listed
            except OSError:
                # A folder of the worker's own that cannot be listed (its read bit taken off) hides what
                # it holds: no evidence either way, so unreadable, which fails.
                unlisted = True
        entries.sort()
        text = Reader.digest_bytes(entries).hex()
        places[(shown, "files", "")] = (f"{UNREADABLE}:{text}|a folder that cannot be listed in full" if unlisted
                                        else f"files:{text}", ("items", "file list", len(entries)))
    return places


def _generators() -> dict[tuple[str, str, str], tuple[str, tuple[Any, ...]]]:
    """The global random generators of `random` and `numpy.random`, as places of their own."""
    python_state = _python_getstate(_python_rng)
    gauss = vars(_python_rng).get("gauss_next")
    numpy_state = _numpy_getstate(_numpy_rng, legacy=False)
    inner = numpy_state["state"]
    # The key's bytes hashed as they are (its hex text cost more than the rest of the reading).
    numpy_text = _sha1(b"\x00".join([np.ascontiguousarray(inner["key"]).tobytes(), str(inner["pos"]).encode(),
                                     str(numpy_state["has_gauss"]).encode(),
                                     exact_repr(numpy_state["gauss"]).encode()])).hexdigest()[:16]
    return {("random", "rng", ""): (f"rng:{hash(python_state)}:{exact_repr(gauss)}", ("rng",)),
            ("numpy.random", "rng", ""): (f"rng:{numpy_text}", ("rng",))}


def _library_changes(before: list[tuple[str, types.ModuleType, dict[str, Any]]], function: str) -> list[dict[str, Any]]:
    """Data names the call added to, rebound in or removed from an imported module (`math._calls += 1`).

    A library may set its own globals lazily (a cache filled on first use, a garbage-collection
    callback's timer), so a change counts only in the modules the submission reaches."""
    findings = []
    for module_name, module, old in before:
        current = vars(module)
        if len(current) == len(old) and all(map(_is, old.values(), _values(current))):
            continue  # unchanged, checked in C
        for attribute in sorted(set(old) | set(current), key=str):
            if not isinstance(attribute, str) or is_interpreter_name(attribute):
                continue
            was, now = old.get(attribute, MISSING), current.get(attribute, MISSING)
            if was is now or not any(value is not MISSING and is_data(value) for value in (was, now)):
                continue
            findings.append(_finding(module_name, function, "module", attribute,
                                     change(None if was is MISSING else state_entry(was),
                                            None if now is MISSING else state_entry(now))))
    return findings


class _Module:
    """What `StateWatch` needs of a submission: its module, its cells' file names, its names."""

    def __init__(self, module: types.ModuleType, filenames: set[str]) -> None:
        self.module = module
        self.filenames = filenames

    def lookup(self, name: str) -> Any:
        return self.module.__dict__.get(name, MISSING)

    def defines(self, name: str) -> bool:
        return name in self.module.__dict__


class _Calls:
    def __init__(self, submission: _Module) -> None:
        self.submission = submission
        self.around: Callable[[Callable[[], Any]], Any] | None = None


def find_hidden_state(name: str, module: types.ModuleType, filenames: set[str],
                      call: Callable[[Callable[..., Any]], Any],
                      planted: Planted | None = None) -> list[dict[str, Any]]:
    """What one call of `name` (made by `call`, given the function) changed, and what it reaches that
    cannot be read: as a request of the worker would report it (for tests and tools)."""
    residents = ranked_residents(resident_objects(filenames), module.__dict__)
    watch = StateWatch(_Calls(_Module(module, filenames)), lambda kind, payload: 0,  # type: ignore[arg-type]
                       lambda: planted or Planted(), lambda: residents)
    findings: list[dict[str, Any]] = []
    try:
        watch._watched(name, lambda: call(module.__dict__[name]), findings)
    except BaseException:  # noqa: BLE001 - student code may raise anything; correctness reports it
        pass
    return findings + watch.unreadable(name)
