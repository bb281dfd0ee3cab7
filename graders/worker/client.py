"""The judge's handle on one worker process that runs a student's code.

The worker is a separate Python process started in a private temporary
directory with only a copy of the runtime package on its path. It talks to
the judge over two dedicated pipes, so nothing the student prints can pass
for a reply. Every request has a deadline; a worker that misses it, crashes
or exits is killed together with its process group and reported as lost.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .compilation_cache import CompilationCache
from .runtime.protocol import ProtocolError, read_frame, write_frame
from .sandbox import Isolation, accelerator_present, detect_isolation, interpreter, sandboxed_command

__all__ = ["ProbeFailed", "WorkerInfo", "WorkerLimits", "WorkerLost", "WorkerProcess", "child_pids", "cpu_seconds"]

_RUNTIME_DIR = Path(__file__).with_name("runtime")
_RUNTIME_PACKAGE = "jaxgrade_runtime"
_OUTPUT_CAP_BYTES = 16 * 1024


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


@dataclass(frozen=True)
class WorkerLimits:
    startup_seconds: float = 60.0
    load_seconds: float = 60.0
    request_seconds: float = 30.0
    # Address space of the worker on CPU machines (CUDA reserves more than any sane cap).
    memory_bytes: int = 4 * 2**30
    # Largest file the worker may write, its captured output included.
    file_bytes: int = 64 * 2**20


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
        self._to_worker = self._from_worker = -1
        self.info: WorkerInfo | None = None
        self.isolation: Isolation = detect_isolation()
        # Without the sandbox the worker could write to the cache, so it gets none.
        self.cache = cache if self.isolation.full else None
        self._final_output = ""
        self._output: _CappedOutput | None = None
        # The channel as the worker was given it: its descriptor numbers there and the pipes' inodes.
        self._channel: dict[int, int] = {}

    # ------------------------------------------------------------- lifecycle
    def start(self) -> WorkerInfo:
        self.spawn()
        return self.await_hello()

    def spawn(self) -> None:
        """Start the process without waiting for it: the caller may do other work meanwhile.

        On failure nothing is left behind: no directory, no pipe, no process.
        """
        self._directory = Path(tempfile.mkdtemp(prefix="jaxgrade-worker-"))
        worker_ends: list[int] = []
        try:
            shutil.copytree(_RUNTIME_DIR, self._directory / _RUNTIME_PACKAGE,
                            ignore=shutil.ignore_patterns("__pycache__"))
            request_read, self._to_worker = os.pipe()
            worker_ends.append(request_read)
            self._from_worker, reply_write = os.pipe()
            worker_ends.append(reply_write)
            self._channel = {os.fstat(request_read).st_ino: request_read, os.fstat(reply_write).st_ino: reply_write}
            self._process = subprocess.Popen(
                self._command(request_read, reply_write),
                cwd=self._directory,
                env=_worker_environment(self._directory, self.platform),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                pass_fds=tuple(worker_ends),
                start_new_session=True,
            )
        except BaseException:
            self.close()
            raise
        finally:
            # The worker's ends belong to the worker (or to nobody, if it never started).
            _close_quietly(*worker_ends)
        assert self._process.stdout is not None
        self._output = _CappedOutput(self._process.stdout, _OUTPUT_CAP_BYTES)

    def _command(self, request_read: int, reply_write: int) -> list[str]:
        assert self._directory is not None
        # -I -S: no environment variables, no user site, no .pth hooks (so no editable
        # install of the judge); the path is the runtime copy plus third-party packages.
        bootstrap = (
            "import sys; sys.path[:0] = [sys.argv[1]]; sys.path.extend(sys.argv[4].split(__import__('os').pathsep)); "
            f"from {_RUNTIME_PACKAGE}.main import serve; "
            "serve(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[5]), int(sys.argv[6]))"
        )
        packages = _third_party_paths()
        memory = 0 if accelerator_present() else self.limits.memory_bytes
        command = [interpreter(), "-I", "-S", "-c", bootstrap, str(self._directory), str(request_read),
                   str(reply_write), os.pathsep.join(packages), str(memory), str(self.limits.file_bytes)]
        return sandboxed_command(command, workdir=self._directory, isolation=self.isolation,
                                 readable=[sys.base_prefix, *packages],
                                 cache=self.cache.directory if self.cache else None,
                                 cache_writable=bool(self.cache and self.cache.writable))

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
        if self._process is not None and self._process.poll() is None:
            try:
                write_frame(self._to_worker, {"op": "exit"})
                self._process.wait(timeout=2)
            except (OSError, ProtocolError, subprocess.TimeoutExpired):
                pass
        self._kill()
        if self._output is not None:
            self._output.finish()
            self._final_output = self._output.text()
        _close_quietly(self._to_worker, self._from_worker)
        self._to_worker = self._from_worker = -1
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
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
            raise WorkerLost("exited", self._exit_detail())
        try:
            write_frame(self._to_worker, {"op": op, **payload})
        except OSError:
            raise WorkerLost("exited", self._exit_detail()) from None

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The reply to the oldest request sent, or WorkerLost."""
        reply = self._receive(timeout if timeout is not None else self.limits.request_seconds)
        if "protocol_error" in reply:
            raise WorkerLost("protocol", str(reply["protocol_error"])[:200])
        if "probe_error" in reply:
            raise ProbeFailed(str(reply["probe_error"])[:300])
        return reply

    def request(self, op: str, timeout: float | None = None, **payload: Any) -> dict[str, Any]:
        """Send one request and wait for its reply, or raise WorkerLost."""
        self.send(op, **payload)
        return self.receive(timeout)

    def _receive(self, seconds: float) -> dict[str, Any]:
        try:
            reply = read_frame(self._from_worker, deadline=time.monotonic() + seconds)
        except TimeoutError:
            self._kill()
            raise WorkerLost("timeout", f"{seconds:g} s") from None
        except ProtocolError as error:
            self._kill()
            raise WorkerLost("protocol", str(error)) from None
        if reply is None:
            detail = self._exit_detail()
            self._kill()
            raise WorkerLost("exited", detail)
        return reply

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
        if self._process is None:
            return
        try:
            os.killpg(self._process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass


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

    def __init__(self, stream: IO[bytes], cap: int) -> None:
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

    def finish(self) -> None:
        self._thread.join(timeout=5)
        try:
            self._stream.close()
        except OSError:
            pass

    def text(self) -> str:
        text = bytes(self._kept).decode("utf-8", "replace")
        if self._total > self._cap:
            text += f"\n[... {self._total - self._cap} more bytes of output not shown ...]"
        return text


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
    """site-packages directories of this interpreter, without the project's own checkout."""
    import site
    import sysconfig

    project_root = Path(__file__).resolve().parents[2]
    candidates = [*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    paths: list[str] = []
    for candidate in candidates:
        resolved = Path(candidate).resolve()
        if resolved.is_dir() and resolved != project_root and str(resolved) not in paths:
            paths.append(str(resolved))
    return paths


def _worker_environment(directory: Path, platform: str | None = None) -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "JAX_PLATFORMS", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "XLA_FLAGS")
    environment = {key: os.environ[key] for key in keep if key in os.environ}
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
        XLA_PYTHON_CLIENT_PREALLOCATE="false",
        TF_CPP_MIN_LOG_LEVEL="3",
    )
    return environment
