"""The judge's handle on one worker process that runs a student's code.

The worker is a separate Python process started in a private temporary
directory with only a copy of the runtime package on its path. It talks to
the judge over two dedicated pipes, so nothing the student prints can pass
for a reply. Every request has a deadline; a worker that misses it, crashes
or exits is killed together with its process group and reported as lost.
"""

from __future__ import annotations

import io
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from graders.both_sides.protocol import ProtocolError, read_frame, write_frame

from .arguments import SharedArguments
from .compilation_cache import CompilationCache
from .events import EventReader, Record
from .fonts import MATPLOTLIB_FOLDER, copy_font_list, font_lists
from .isolation import (
    SANDBOX_FOLDER,
    Isolation,
    accelerator_present,
    arguments_by_descriptor,
    bwrap_sizes_tmpfs,
    detect_isolation,
    inside_sandbox,
    interpreter,
    sandboxed_command,
    shm_bytes,
)
from .public_files import identity_folder, runtime_copy
from .seccomp import filter_descriptor

__all__ = ["ProbeFailed", "ReplyUnsendable", "WorkerInfo", "WorkerLimits", "WorkerLost", "WorkerProcess", "child_pids",
           "cpu_seconds", "process_start_time", "sweep_stale_folders"]

# What the worker runs: the two rooms of `graders` made to run beside student code, copied into the
# worker's folder as one package of their own, so that the worker has nothing else of graders to import.
_GRADERS_DIR = Path(__file__).resolve().parent.parent.parent
_RUNTIME_ROOMS = ("worker", "both_sides")
_RUNTIME_PACKAGE = "jaxgrade_runtime"
_OUTPUT_CAP_BYTES = 16 * 1024
_FOLDER_PREFIX = "jaxgrade-worker-"
# How often the judge looks at a worker's folder, and how many entries it will count there:
# a submission that makes more files than this is stopped like one that writes too much.
_WATCH_SECONDS = 0.05
_MAX_FOLDER_ENTRIES = 10_000
# How long closing a worker goes on killing what is left of its tree before it gives up on a process.
_KILL_SECONDS = 10.0
# Processes are counted every this many looks (0.1 s): a walk of /proc costs more than a statvfs.
_PROCESS_EVERY = 2
# The judge's own /proc, told apart from a sandbox's by its device.
_HOST_PROC_DEVICE = os.stat("/proc").st_dev
# The arguments' shared memory: a frame's worth (pages are only used as they are written).
_SHARED_BYTES = 64 * 2**20


class WorkerLost(Exception):
    """The worker stopped answering: it timed out, crashed or exited.

    Inside a hypothesis search it is carried out by a BaseException (see
    `checks.base.search_counterexample`), so that hypothesis never mistakes a
    dead worker for a failing example and shrinks against it.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class ProbeFailed(Exception):
    """A measurement inside the worker failed for a reason of the grader's own, not the student's.

    The worker survives it and answers the next request; the check that asked is
    an internal error.
    """


class ReplyUnsendable(Exception):
    """The worker could not write its reply: what the submission's code returned or printed is too large or
    not writable (an integer past Python's digit limit, a frame over `MAX_FRAME_BYTES`). The worker lives on;
    the check that asked fails, and says so."""


@dataclass(frozen=True)
class WorkerLimits:
    startup_seconds: float = 60.0
    load_seconds: float = 60.0
    request_seconds: float = 30.0
    # Address space of the worker on CPU machines (CUDA reserves more than any sane cap).
    memory_bytes: int = 4 * 2**30
    # Largest file the worker may write, its captured output included.
    file_bytes: int = 64 * 2**20
    # Everything the worker may write in its folder and its private /dev/shm together (its only
    # writable places).
    folder_bytes: int = 256 * 2**20
    # Processes in the worker's tree, counted by the judge from /proc: past it the worker is stopped.
    # bwrap, its init and the worker are three; nothing a JAX exercise needs starts another.
    processes: int = 16
    # Processes and threads of the sandbox's user namespace (RLIMIT_NPROC, set by the worker on
    # itself): the hard bound the kernel keeps, far above the 20-60 threads JAX starts.
    tasks: int = 512


@dataclass(frozen=True)
class WorkerInfo:
    python: str
    jax: str
    platform: str
    device: str


class WorkerProcess:
    """One live worker; use as a context manager."""

    def __init__(self, limits: WorkerLimits | None = None, cache: CompilationCache | None = None,
                 platform: str | None = None) -> None:
        self.limits = limits or WorkerLimits()
        # JAX_PLATFORMS for the worker; None lets JAX pick (the accelerator, where there is one).
        self.platform = platform
        self._process: subprocess.Popen[bytes] | None = None
        self._directory: Path | None = None
        # (host path, path in the worker's folder) of what the sandbox binds in read-only (public_files.py).
        self._bound: list[tuple[str, str]] = []
        self._to_worker = self._from_worker = self._events = -1
        self._reader = EventReader()
        self._records: list[Record] = []  # read, not yet matched to a reply
        self._taken: list[Record] = []  # matched to the replies since `take_events` was last called
        # The arguments' memory, shared with the worker (arguments.py); None where there is no memfd.
        self.shared: SharedArguments | None = None
        self.info: WorkerInfo | None = None
        self.isolation: Isolation = detect_isolation()
        # Without the sandbox the worker could write to the cache, so it gets none.
        self.cache = cache if self.isolation.full else None
        self._final_output = ""
        self._output: _CappedOutput | None = None
        # The channel as the worker was given it: its descriptor numbers there and the pipes' inodes.
        self._channel: dict[int, int] = {}
        self._watch: _Watchdog | None = None
        self._namespace_proc: str | None = None  # the sandbox's /proc, seen from the judge

    # ------------------------------------------------------------- lifecycle
    def start(self) -> WorkerInfo:
        self.spawn()
        return self.await_hello()

    def spawn(self) -> None:
        """Start the process without waiting for it: the caller may do other work meanwhile.

        On failure nothing is left behind: no directory, no pipe, no process.
        """
        _sweep_once()
        self._directory = Path(tempfile.mkdtemp(prefix=_owned_prefix()))
        _LIVE_FOLDERS.add(str(self._directory))
        worker_ends: list[int] = []
        try:
            # The judge's bytecode comes along (`make bytecode`): the worker would otherwise compile the
            # runtime from source at every start. Python checks each file's stamp against its source.
            # In the sandbox it is one read-only copy per version of the code, bound in; a plain process
            # gets a copy of its own, which it could change without touching another worker's.
            rooms = tuple((room, str(_GRADERS_DIR / room)) for room in _RUNTIME_ROOMS)
            if self.isolation.full:
                self._bound = [(str(runtime_copy(_RUNTIME_PACKAGE, rooms) / _RUNTIME_PACKAGE), _RUNTIME_PACKAGE)]
                self._bound += [(str(path), f"{MATPLOTLIB_FOLDER}/{path.name}")
                                for path in font_lists(self.isolation, _third_party_paths())]
            else:
                runtime = self._directory / _RUNTIME_PACKAGE
                runtime.mkdir()
                (runtime / "__init__.py").touch()
                for room, source in rooms:
                    shutil.copytree(source, runtime / room)
                copy_font_list(self._directory / MATPLOTLIB_FOLDER, self.isolation, _third_party_paths())
            request_read, self._to_worker = os.pipe()
            worker_ends.append(request_read)
            self._from_worker, reply_write = os.pipe()
            worker_ends.append(reply_write)
            # The instruments' events (graders/both_sides/events.py): written by the worker as they
            # happen, read here while the judge waits for each reply.
            self._events, events_write = os.pipe()
            worker_ends.append(events_write)
            os.set_blocking(self._events, False)
            self._channel = {os.fstat(end).st_ino: end for end in worker_ends}
            if hasattr(os, "memfd_create"):
                self.shared = SharedArguments(_SHARED_BYTES)
            # Read by bwrap before it starts the worker; the judge's copy is closed below.
            seccomp = filter_descriptor() if self.isolation.full else None
            if seccomp is not None:
                worker_ends.append(seccomp)
            command = self._command(request_read, reply_write, events_write, seccomp)
            if self.isolation.full:
                command, arguments = arguments_by_descriptor(command)
                worker_ends.append(arguments)
            self._process = subprocess.Popen(
                command,
                cwd=self._directory,
                env=_worker_environment(Path(inside_sandbox(self._directory, self._directory, self.isolation)),
                                        self.platform),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                pass_fds=tuple(worker_ends) + ((self.shared.fd,) if self.shared is not None else ()),
                start_new_session=True,
            )
        except BaseException:
            self.close()
            raise
        finally:
            # The worker's ends belong to the worker (or to nobody, if it never started).
            _close_quietly(*worker_ends)
        assert self._process.stdout is not None
        # A binary pipe with Popen's default buffering: a BufferedReader, which has read1.
        self._output = _CappedOutput(cast(io.BufferedReader, self._process.stdout), _OUTPUT_CAP_BYTES)
        self._watch = _Watchdog(self._directory, self.limits.folder_bytes, self._sized_tmpfs(),
                                self.limits.processes, self.process_ids, self.process_count, self._kill)

    def _sized_tmpfs(self) -> bool:
        """Whether the worker writes into a tmpfs of fixed size rather than into the host folder."""
        return self.isolation.full and bwrap_sizes_tmpfs()

    def _command(self, request_read: int, reply_write: int, events_write: int,
                 seccomp: int | None = None) -> list[str]:
        assert self._directory is not None
        # -I -S: no environment variables, no user site, no .pth hooks (so no editable
        # install of the judge); the path is the runtime copy plus third-party packages.
        bootstrap = (
            "import sys; sys.path[:0] = [sys.argv[1]]; sys.path.extend(sys.argv[4].split(__import__('os').pathsep)); "
            f"from {_RUNTIME_PACKAGE}.worker.main import serve; "
            "serve(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]), "
            "int(sys.argv[8]), int(sys.argv[9]), int(sys.argv[10]))"
        )
        packages = _third_party_paths()
        memory = 0 if accelerator_present() else self.limits.memory_bytes
        # RLIMIT_NPROC counts per user namespace only inside the sandbox; outside it would count
        # every process of the grading user, so there the judge's own count is the only limit.
        tasks = self.limits.tasks if self.isolation.full else 0
        command = [interpreter(), "-I", "-S", "-c", bootstrap,
                   inside_sandbox(self._directory, self._directory, self.isolation), str(request_read),
                   str(reply_write), os.pathsep.join(packages), str(memory), str(self.limits.file_bytes), str(tasks),
                   str(events_write), str(self.shared.fd if self.shared else -1),
                   str(self.shared.size if self.shared else 0)]
        return sandboxed_command(command, workdir=self._directory, isolation=self.isolation,
                                 readable=[sys.base_prefix, *packages],
                                 cache=self.cache.directory if self.cache else None,
                                 cache_writable=bool(self.cache and self.cache.writable),
                                 folder_bytes=self.limits.folder_bytes if self._sized_tmpfs() else None,
                                 identity=identity_folder(SANDBOX_FOLDER),
                                 read_only=self._bound,
                                 seccomp_fd=seccomp)

    def await_hello(self) -> WorkerInfo:
        hello = self._receive(self.limits.startup_seconds)
        if not hello.get("ok"):
            self.close()
            raise WorkerLost("startup", str(hello.get("message", "the worker could not start")))
        self.info = WorkerInfo(
            python=str(hello.get("python", "")),
            jax=str(hello.get("jax", "")),
            platform=str(hello.get("platform", "")),
            device=str(hello.get("device", "")),
        )
        return self.info

    def close(self) -> None:
        # Ctrl-C may land anywhere in here (Python raises it between any two bytecodes): whatever
        # it cuts short, the process is still killed and the folder still removed.
        try:
            self._ask_to_exit()
        finally:
            self._release()

    def _ask_to_exit(self) -> None:
        if self._process is not None and self._process.poll() is None:
            try:
                # Never wait for room in the pipe: a worker still busy with a large request (a 5 MB
                # notebook's cells) reads nothing, and round 49 held a judge here for 54 s. A worker
                # that cannot take the request now is killed at once instead.
                os.set_blocking(self._to_worker, False)
                write_frame(self._to_worker, {"op": "exit"})
                self._process.wait(timeout=2)
            except (OSError, ProtocolError, subprocess.TimeoutExpired):
                pass

    def _release(self) -> None:
        try:
            self._kill()
            if self._watch is not None:
                self._watch.stop()
            if self._output is not None:
                self._output.finish()
                self._final_output = self._output.text()
        finally:
            _close_quietly(self._to_worker, self._from_worker, self._events)
            self._to_worker = self._from_worker = self._events = -1
            if self.shared is not None:
                self.shared.close()
                self.shared = None
            if self._directory is not None:
                shutil.rmtree(self._directory, ignore_errors=True)
                _LIVE_FOLDERS.discard(str(self._directory))
                self._directory = None

    def __enter__(self) -> WorkerProcess:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def process_ids(self) -> tuple[int, ...]:
        """The worker's process and everything it started (bubblewrap's helpers included), by pid."""
        if self._process is None:
            return ()
        found = [self._process.pid]
        for pid in found:  # grows while it is walked: breadth first
            found.extend(child_pids(pid))
        return tuple(found)

    def process_count(self) -> int:
        """How many processes the worker runs: in the sandbox, the entries of its own PID namespace's
        /proc, read from outside through a sandboxed process's root (one directory listing, where a
        walk of every thread's children costs ten times more); otherwise the walk."""
        if self._process is None:
            return 0
        if self.isolation.full:
            if self._namespace_proc is None:
                found = self.process_ids()
                if len(found) > 1:
                    self._namespace_proc = f"/proc/{found[1]}/root/proc"
            if self._namespace_proc is not None:
                try:
                    # Until bubblewrap has mounted the sandbox's own /proc, the sandboxed process's root is
                    # still the host's, and its /proc lists every process of the machine: only a /proc
                    # other than the judge's own is the sandbox's.
                    if os.stat(self._namespace_proc).st_dev != _HOST_PROC_DEVICE:
                        return sum(1 for entry in os.listdir(self._namespace_proc) if entry.isdigit())
                except OSError:
                    pass
        return len(self.process_ids())

    def channel_breach(self) -> str | None:
        """How the worker's channel differs from what it was given, read from /proc outside it; None if intact.

        Exactly one process may hold the two pipes, at the descriptor numbers the worker was
        given: a submission that moves its own pipes onto those numbers and relays the grader's
        frames through a thread must keep the real ends somewhere else, and one that forks
        leaves copies in its child. Either shows here, whatever the worker's replies say.
        """
        if not self._channel or self._process is None:
            return None
        holders: list[tuple[int, int, int]] = []
        for pid in self.process_ids():
            try:
                descriptors = os.listdir(f"/proc/{pid}/fd")
            except OSError:
                continue
            for descriptor in descriptors:
                try:
                    link = os.readlink(f"/proc/{pid}/fd/{descriptor}")
                except OSError:
                    continue
                if link.startswith("pipe:[") and int(link[6:-1]) in self._channel:
                    holders.append((pid, int(descriptor), int(link[6:-1])))
        if not holders and not self.alive:
            return None
        owners = {pid for pid, _, _ in holders}
        moved = [(descriptor, self._channel[inode]) for _, descriptor, inode in holders
                 if descriptor != self._channel[inode]]
        if len(owners) > 1:
            return f"the grader's channel is held by {len(owners)} processes"
        if moved:
            return "the grader's channel was moved to descriptor " + ", ".join(str(d) for d, _ in moved)
        if len(holders) != len(self._channel):
            return "the grader's channel descriptors were replaced"
        return None

    # -------------------------------------------------------------- requests
    def send(self, op: str, **payload: Any) -> None:
        """Queue a request; the worker reads it once it is ready."""
        if not self.alive:
            raise self._lost("exited", self._exit_detail())
        try:
            write_frame(self._to_worker, {"op": op, **payload})
        except OSError:
            raise self._lost("exited", self._exit_detail()) from None

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The reply to the oldest request sent, or WorkerLost."""
        reply = self._receive(timeout if timeout is not None else self.limits.request_seconds)
        if "protocol_error" in reply:
            raise WorkerLost("protocol", str(reply["protocol_error"])[:200])
        if "probe_error" in reply:
            raise ProbeFailed(str(reply["probe_error"])[:300])
        if "unsendable" in reply:
            raise ReplyUnsendable(str(reply["unsendable"])[:300])
        return reply

    def request(self, op: str, timeout: float | None = None, **payload: Any) -> dict[str, Any]:
        """Send one request and wait for its reply, or raise WorkerLost."""
        self.send(op, **payload)
        return self.receive(timeout)

    def take_events(self) -> tuple[list[Record], str | None]:
        """The event records that came before the replies received since the last call, and why the
        stream broke (None while intact)."""
        records, self._taken = self._taken, []
        return records, self._reader.broken

    def _drain_events(self) -> None:
        """Read whatever the worker has written to its event stream, without waiting."""
        while self._events >= 0:
            try:
                data = os.read(self._events, 1 << 16)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                # Every holder of the write end closed it: normal once the worker has exited.
                if self.alive:
                    self._reader.ended()
                _close_quietly(self._events)
                self._events = -1
                return
            self._records += self._reader.feed(data)

    def _await_reply(self, deadline: float) -> None:
        """Wait until the reply pipe has data, draining the event stream meanwhile (a worker that
        filled the event pipe would otherwise wait for the judge while the judge waits for it)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no reply before the deadline")
            watched = [self._from_worker] + ([self._events] if self._events >= 0 else [])
            ready = select.select(watched, [], [], left)[0]
            if self._events in ready:
                self._drain_events()
            if self._from_worker in ready:
                return

    def _receive(self, seconds: float) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        try:
            self._await_reply(deadline)
            reply = read_frame(self._from_worker, deadline=deadline)
        except TimeoutError:
            self._kill()
            raise self._lost("timeout", f"{seconds:g} s") from None
        except ProtocolError as error:
            self._kill()
            raise self._lost("protocol", str(error)) from None
        if reply is None:
            detail = self._exit_detail()
            self._kill()
            raise self._lost("exited", detail)
        # Everything written to the stream before the reply was written is in the pipe now: what
        # came before the reply's mark is its request's; what came after waits for the next reply.
        self._drain_events()
        before, self._records = self._reader.split(self._records, reply.get("mark"))
        self._taken += before
        # A full folder makes the student's writes fail, and a fork bomb's forks fail too; their
        # errors must not pass for an answer, so the reply that follows is checked once more here,
        # not only by the thread.
        if self._watch is not None and self._watch.check(processes=True):
            raise self._lost("disk", "")
        return reply

    def _lost(self, reason: str, detail: str) -> WorkerLost:
        """What ended the worker: its folder's cap when the watcher stopped it, else `reason`."""
        if self._watch is not None and self._watch.reason == "disk":
            return WorkerLost("disk", str(self.limits.folder_bytes // 2**20))
        if self._watch is not None and self._watch.reason == "processes":
            return WorkerLost("processes", str(self.limits.processes))
        if self._watch is not None and self._watch.reason == "shm":
            return WorkerLost("shm", str(shm_bytes(self.limits.folder_bytes) // 2**20))
        return WorkerLost(reason, detail)

    def captured_output(self) -> str:
        """What the student's code printed, capped; shown only as feedback."""
        return self._output.text() if self._output is not None else self._final_output

    # -------------------------------------------------------------- internals
    def _exit_detail(self) -> str:
        if self._process is None:
            return "not started"
        try:
            code = self._process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        # A sandbox reports a child killed by signal N as exit status 128 + N, as shells do.
        number = -code if code < 0 else code - 128 if self.isolation.full and code > 128 else 0
        if number:
            try:
                return f"killed by signal {signal.Signals(number).name}"
            except ValueError:
                return f"killed by signal {number}"
        return f"exit status {code}"

    def _kill(self) -> None:
        """Kill the worker's whole tree, for certain: its process group, then every process ever seen under it
        (bubblewrap's sandboxed child may sit in a session of its own, and a killed parent's children are
        adopted elsewhere, so the tree is remembered, by pid and start time), until none is left alive."""
        if self._process is None:
            return
        leader = self._process.pid
        known: dict[int, str] = {}
        deadline = time.monotonic() + _KILL_SECONDS
        while True:
            for pid in self.process_ids()[1:]:
                known.setdefault(pid, _started_at(pid))
            try:
                os.killpg(leader, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            for pid, started in known.items():
                if _started_at(pid) == started:  # the same process, not a new one given a freed pid
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
            try:
                self._process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                pass
            left = [pid for pid, started in known.items() if _started_at(pid) == started and _alive(pid)]
            if (self._process.poll() is not None and not left) or time.monotonic() > deadline:
                return


def _close_quietly(*descriptors: int) -> None:
    for descriptor in descriptors:
        if descriptor >= 0:
            try:
                os.close(descriptor)
            except OSError:
                pass


class _CappedOutput:
    """Drains a pipe continuously, keeping only the first `cap` bytes.

    Draining means a student who prints without end never blocks and never
    sees an error; keeping a prefix means the judge's memory stays bounded.
    """

    def __init__(self, stream: io.BufferedReader, cap: int) -> None:
        self._stream = stream
        self._cap = cap
        self._kept = bytearray()
        self._total = 0
        self._thread = threading.Thread(target=self._drain, name="worker-output", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        try:
            while chunk := self._stream.read1(1 << 16):
                self._total += len(chunk)
                room = self._cap - len(self._kept)
                if room > 0:
                    self._kept += chunk[:room]
        except (OSError, ValueError):
            pass
        finally:
            # The reader closes the pipe itself once every writer is gone: `finish` never has to close it
            # under a read in flight, which waits on the buffered reader's lock for as long as that read.
            try:
                self._stream.close()
            except OSError:
                pass

    def finish(self) -> None:
        """Wait a little for the output's end; a writer that outlived every kill keeps the thread, not the caller."""
        self._thread.join(timeout=5)

    def text(self) -> str:
        text = bytes(self._kept).decode("utf-8", "replace")
        if self._total > self._cap:
            text += f"\n[... {self._total - self._cap} more bytes of output not shown ...]"
        return text


class _Watchdog:
    """Stops a worker that holds more than `cap` bytes of files or runs more than `processes`
    processes, and remembers why (`reason`: `disk` or `processes`).

    With tmpfs of fixed size (bubblewrap) the kernel already refuses writes past the cap; the
    watcher reads how full the folder and the private /dev/shm are (a statvfs each, through
    /proc/PID/root) so the student is told why their writes failed. Otherwise the folder is
    the host's: the watcher walks it every `_WATCH_SECONDS`, and the margin past the cap is what
    a submission writes in that time. Processes are counted from /proc, from outside, every
    `_PROCESS_EVERY` looks: a fork bomb costs its own grading, not the machine's.
    """

    def __init__(self, directory: Path, cap: int, tmpfs: bool, processes: int, pids: Any, count: Any,
                 kill: Any) -> None:
        self._directory = directory
        self._cap = cap
        self._tmpfs = tmpfs
        self._processes = processes
        self._pids = pids
        self._count = count
        self._kill = kill
        self._views: list[str] | None = None  # the tmpfs as seen from the judge, once found
        self._lock = threading.Lock()
        self.reason: str | None = None
        self._looks = 0
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="worker-watchdog", daemon=True)
        self._thread.start()

    @property
    def exceeded(self) -> bool:
        return self.reason is not None

    def _run(self) -> None:
        while not self._stopped.is_set():
            started = time.monotonic()
            if self.check():
                return
            # A folder with many entries takes longer to walk: never spend more than a
            # third of a core on it.
            self._stopped.wait(max(_WATCH_SECONDS, 2 * (time.monotonic() - started)))

    def check(self, processes: bool = False) -> bool:
        """Measure now (the processes too with `processes`, else every `_PROCESS_EVERY` looks);
        past a limit, kill the worker. True once one has been exceeded."""
        with self._lock:
            if self.reason is not None:
                return True
            self._looks += 1
            full = self._full()
            if full is not None:
                self.reason = full
            elif (processes or self._looks % _PROCESS_EVERY == 0) and self._count() > self._processes:
                self.reason = "processes"
            if self.reason is not None:
                self._kill()
            return self.reason is not None

    def stop(self) -> None:
        self._stopped.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _full(self) -> str | None:
        """`disk` when the folder is full, `shm` when /dev/shm is; None while there is room."""
        if self._tmpfs:
            # A full tmpfs (less than 64 KiB left) means the submission's writes were refused.
            for reason, free in zip(("disk", "shm"), self._tmpfs_free()):
                if free is not None and free < 64 * 1024:
                    return reason
            return None
        return "disk" if _folder_usage(self._directory, _MAX_FOLDER_ENTRIES) > self._cap else None

    def _tmpfs_free(self) -> list[int | None]:
        """Bytes left in the worker's folder and its /dev/shm, seen through a sandboxed process's
        root; nothing before they exist."""
        if self._views is None:
            try:
                host = os.stat(self._directory).st_dev
            except OSError:
                return []
            for pid in self._pids()[1:]:  # the first is bwrap outside the sandbox
                view = f"/proc/{pid}/root{SANDBOX_FOLDER}"  # the sandbox's fixed path for the folder
                try:
                    if os.stat(view).st_dev != host:
                        self._views = [view, f"/proc/{pid}/root/dev/shm"]
                        break
                except OSError:
                    continue
            else:
                return []
        free: list[int | None] = []
        for view in self._views:
            try:
                stats = os.statvfs(view)
            except OSError:
                free.append(None)
                continue
            free.append(stats.f_bavail * stats.f_frsize)
        return free


def _folder_usage(directory: Path, max_entries: int) -> int:
    """Bytes on disk under `directory` (st_blocks, so sparse files count as what they use);
    more than any cap once it holds over `max_entries` entries, which are not walked."""
    total, entries = 0, 0
    pending = [str(directory)]
    while pending:
        try:
            with os.scandir(pending.pop()) as listing:
                for entry in listing:
                    entries += 1
                    if entries > max_entries:
                        return 1 << 62
                    try:
                        stat = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    total += stat.st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(entry.path)
        except OSError:
            continue
    return total


# ------------------------------------------------------ folders of dead judges
# A judge killed with SIGKILL cannot remove its workers' folders. Each folder's name says
# whose it is: the judge's PID namespace, pid and start time (clock ticks since boot, which
# tells a reused pid from the original), so a later judge can remove what the dead left.
_OWNED = re.compile(re.escape(_FOLDER_PREFIX) + r"(\d+)-(\d+)-(\d+)-")
_swept = False
_sweep_lock = threading.Lock()


def process_start_time(pid: int) -> int | None:
    """When `pid` started, in clock ticks since boot (field 22 of /proc/PID/stat); None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: fields follow its last ')'.
    fields = text[text.rfind(")") + 2:].split()
    try:
        return int(fields[19])
    except (IndexError, ValueError):
        return None


def _pid_namespace() -> int:
    try:
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return 0


def _owned_prefix() -> str:
    pid = os.getpid()
    return f"{_FOLDER_PREFIX}{_pid_namespace()}-{pid}-{process_start_time(pid) or 0}-"


def sweep_stale_folders(directory: str | None = None) -> list[str]:
    """Remove worker folders whose judge has died; return their paths.

    Only folders named by a judge of this PID namespace and owned by this user are
    considered, and one whose judge still runs (same pid, same start time) is never
    touched. Folders without an owner in their name (older versions) are left alone.
    """
    directory = directory or tempfile.gettempdir()
    namespace, uid = _pid_namespace(), os.getuid()
    removed: list[str] = []
    if process_start_time(os.getpid()) is None:
        return removed  # no /proc here: no judge could be told alive from dead
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        match = _OWNED.match(name)
        if match is None or int(match.group(1)) != namespace:
            continue
        path = os.path.join(directory, name)
        try:
            stat = os.lstat(path)
        except OSError:
            continue
        if not os.path.isdir(path) or os.path.islink(path) or stat.st_uid != uid:
            continue
        pid, started = int(match.group(2)), int(match.group(3))
        if started == 0 or process_start_time(pid) == started:
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


# The folders this process's workers hold: `sweep_own_folders` spares them.
_LIVE_FOLDERS: set[str] = set()


def sweep_own_folders(directory: str | None = None) -> list[str]:
    """Remove this process's worker folders that no worker holds; return their paths.

    For an interrupted batch: a stop that lands between `mkdtemp` and the worker's bookkeeping
    leaves a folder no `close()` knows of, and `sweep_stale_folders` spares it while this judge lives.
    """
    directory = directory or tempfile.gettempdir()
    prefix = _owned_prefix()
    removed: list[str] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        path = os.path.join(directory, name)
        if name.startswith(prefix) and path not in _LIVE_FOLDERS and os.path.isdir(path) \
                and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _sweep_once() -> None:
    """Sweep the temporary directory the first time this process starts a worker."""
    global _swept
    with _sweep_lock:
        if _swept:
            return
        _swept = True
    sweep_stale_folders()


def _started_at(pid: int) -> str:
    """When `pid` started, in clock ticks since boot ("" once it is gone): with the pid, a process's identity."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat_file:
            return stat_file.read().rsplit(")", 1)[-1].split()[19]
    except (OSError, IndexError):
        return ""


def _alive(pid: int) -> bool:
    """Whether `pid` runs still (a zombie has exited: only its entry waits for its parent)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat_file:
            return stat_file.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def child_pids(pid: int) -> list[int]:
    """The processes `pid` started that are still its children (Linux's /proc)."""
    children: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as listing:
                children.extend(int(child) for child in listing.read().split())
    except OSError:
        pass
    return children


def cpu_seconds(pids: tuple[int, ...]) -> float | None:
    """CPU time the processes have used, all their threads included, as the kernel counts it.

    Read from outside, on the processes' CPU-time clocks, so nothing inside them can
    change it; time spent waiting for a CPU is not in it. None where the kernel does
    not offer these clocks (not Linux), or when a process has ended meanwhile.
    """
    total = 0
    try:
        for pid in pids:
            # Linux encodes "the CPU-time clock of process pid" as ~pid << 3 | CPUCLOCK_SCHED.
            total += time.clock_gettime_ns(((~pid) << 3) | 2)
    except (OSError, AttributeError, OverflowError):
        return None
    return total / 1e9


def _third_party_paths() -> list[str]:
    """site-packages directories of this interpreter (never the project's checkout, which is none of them).

    With jaxgrade installed regularly (not editable), `graders` and `solutions` sit in the same site-packages
    as NumPy and JAX: that folder is still given, and the sandbox blanks those two packages out
    (`sandbox._hidden_package_dirs`). Leaving the folder out would leave the worker without NumPy.
    """
    import site
    import sysconfig

    candidates = [*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    paths: list[str] = []
    for candidate in candidates:
        resolved = Path(candidate).resolve()
        if resolved.is_dir() and str(resolved) not in paths:
            paths.append(str(resolved))
    return paths


def _worker_environment(directory: Path, platform: str | None = None) -> dict[str, str]:
    keep = ("LANG", "LC_ALL", "JAX_PLATFORMS", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "XLA_FLAGS")
    environment = {key: os.environ[key] for key in keep if key in os.environ}
    # The system's programs only: the judge's PATH names the grading account's own folders.
    environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    if platform is not None:
        environment["JAX_PLATFORMS"] = platform
    # One XLA CPU thread: grading is steadier under load and --jobs N shares cores fairly.
    single_thread = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    environment["XLA_FLAGS"] = f"{environment.get('XLA_FLAGS', '')} {single_thread}".strip()
    environment.update(
        HOME=str(directory),
        TMPDIR=str(directory),
        PYTHONHASHSEED="0",
        PYTHONDONTWRITEBYTECODE="1",
        MPLBACKEND="Agg",
        # A folder of its own that starts with the machine's font list (fonts.py): no scan of every
        # font on each start, and no `fc-list` complaining on the student's output.
        MPLCONFIGDIR=str(directory / MATPLOTLIB_FOLDER),
        XLA_PYTHON_CLIENT_PREALLOCATE="false",
        TF_CPP_MIN_LOG_LEVEL="3",
    )
    return environment
