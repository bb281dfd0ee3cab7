"""Batches that lose nothing: a killed judge costs a retry, Ctrl-C and SIGTERM stop at once and clean up.

The command runs as users run it (the console script, real workers and judges); a
private TMPDIR shows every folder a worker or judge made, and the process tree is
watched while it runs, so what is left afterwards can be counted.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from graders.batch.pool import grade_files
from graders.common.results import FileError, SubmissionResult, result_from_dict
from graders.judge.options import GradingOptions
from graders.judge.submission import read_submission
from graders.judge.supervisor import client as worker_client

from ..conftest import REPO, SUBMISSIONS, golden_file
from .test_cluster import JIT_FILES

JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))
HOSTILE = SUBMISSIONS / "hostile"


class Watched:
    """A jaxgrade process, its descendants as seen while it ran, and its private TMPDIR."""

    def __init__(self, args: list[str], temporary: Path) -> None:
        self.temporary = temporary
        self.seen: set[int] = set()
        self.process = subprocess.Popen([JAXGRADE, *args], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True,
                                        env={**os.environ, "JAXGRADE_LANG": "en", "TMPDIR": str(temporary)})
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch)
        self._watcher.start()

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:
                self.seen.update(child.pid for child in psutil.Process(self.process.pid).children(recursive=True))
            except psutil.NoSuchProcess:
                return
            time.sleep(0.05)

    def judges(self) -> list[psutil.Process]:
        """The pool's judge processes that have a worker of their own (they are grading)."""
        return [judge for judge in self.pool_judges() if _children_of(judge)]

    def pool_judges(self) -> list[psutil.Process]:
        """The pool's judge processes, starting or grading."""
        judges = []
        for child in _children_of(psutil.Process(self.process.pid)) if _alive(self.process.pid) else []:
            with contextlib.suppress(psutil.Error):
                command = " ".join(child.cmdline())
                if "multiprocessing" in command and "resource_tracker" not in command:
                    judges.append(child)
        return judges

    def wait_until(self, condition: Callable[[], bool], seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            assert self.process.poll() is None, self.process.communicate()
            assert time.monotonic() < deadline, "timed out waiting"
            time.sleep(0.1)

    def finish(self, seconds: float = 300) -> tuple[str, str]:
        """The command's output once it ends; past `seconds`, a failure that names what was still running
        (every run here ends within a minute), with the whole group killed so that no other test waits."""
        try:
            return self.process.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            running = self._describe_tree()
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.communicate()
            pytest.fail(f"jaxgrade was still running after {seconds:g} s:\n{running}", pytrace=False)
        finally:
            self._stop.set()
            self._watcher.join()

    def _describe_tree(self) -> str:
        lines = []
        for pid in sorted(self.seen | {self.process.pid}):
            with contextlib.suppress(psutil.Error):
                process = psutil.Process(pid)
                lines.append(f"{pid} {process.status()} {' '.join(process.cmdline())[:160]}")
        return "\n".join(lines)

    def leftovers(self) -> tuple[list[int], list[str]]:
        """Processes still alive a few seconds after the end, and jaxgrade folders in its TMPDIR."""
        deadline = time.monotonic() + 5
        while True:
            alive = [pid for pid in self.seen if _alive(pid)]
            if not alive or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        # The account's public folder (the runtime's copy, the font list: public_files.py) is kept on purpose,
        # as a cache of what every worker gets; nothing else may stay.
        return alive, sorted(entry.name for entry in self.temporary.iterdir() if entry.name.startswith("jaxgrade")
                             and not entry.name.startswith("jaxgrade-public-"))

    def workers_started(self) -> bool:
        return any(self.temporary.rglob("jaxgrade-worker-*"))


def _children_of(process: psutil.Process) -> list[psutil.Process]:
    try:
        return process.children()
    except psutil.Error:
        return []


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _temporary(tmp_path: Path) -> Path:
    folder = tmp_path / "tmp"
    folder.mkdir()
    return folder


def _assert_golden(reports: list[dict]) -> None:
    for report in reports:
        from ..conftest import golden_report

        expected = golden_file(report["submission"]).read_text(encoding="utf-8")
        assert golden_report(result_from_dict(report)) == expected, report["submission"]


def test_a_killed_judge_costs_a_retry_never_the_batch(tmp_path: Path) -> None:
    output = tmp_path / "report.json"
    run = Watched(["grade", "--assignment", "jit", "--jobs", "2", "--format", "json", "--output", str(output),
                   *JIT_FILES], _temporary(tmp_path))
    grading: list[psutil.Process] = []

    def a_judge_is_grading() -> bool:
        # One look finds the victim: a judge is between two files for a moment, with no worker,
        # and a second look could miss it (CI did, at stop 38).
        grading[:] = run.judges() if run.workers_started() else []
        return bool(grading)

    run.wait_until(a_judge_is_grading)  # well into grading: a judge has started its sandboxed worker
    grading[0].kill()  # as the kernel's out-of-memory killer would
    _, stderr = run.finish()
    assert run.process.returncode == 0, stderr[-3000:]
    assert "Traceback" not in stderr
    reports = json.loads(output.read_text())
    assert [report["submission"] for report in reports] == JIT_FILES
    _assert_golden(reports)
    assert run.leftovers() == ([], [])


@pytest.mark.parametrize("jobs, stop", [("1", "ctrl-c"), ("2", "ctrl-c"), ("1", "sigterm"), ("2", "sigterm")])
def test_an_interrupted_batch_stops_at_once_reports_what_it_graded_and_leaves_nothing(
        tmp_path: Path, jobs: str, stop: str) -> None:
    output = tmp_path / "report.json"
    files = [*JIT_FILES, *JIT_FILES]
    run = Watched(["grade", "--assignment", "jit", "--jobs", jobs, "--format", "json", "--output", str(output),
                   *files], _temporary(tmp_path))
    run.wait_until(run.workers_started)
    if stop == "ctrl-c":
        os.killpg(run.process.pid, signal.SIGINT)  # what the terminal sends to the foreground group
    else:
        run.process.send_signal(signal.SIGTERM)  # `kill PID`
    stopped = time.monotonic()
    _, stderr = run.finish(120)
    took = time.monotonic() - stopped
    assert run.process.returncode == 130, stderr[-3000:]
    assert took < 20, f"took {took:.1f} s to stop"
    assert "Traceback" not in stderr, stderr[-3000:]
    assert "interrupted:" in stderr and "files graded" in stderr
    reports = json.loads(output.read_text())
    assert len(reports) == len(files)
    assert any(report.get("error") == "not graded: interrupted" for report in reports)
    assert run.leftovers() == ([], [])


def _has_begun_importing_jax(pid: int) -> bool:
    """Whether a process has mapped jaxlib's libraries: it is importing JAX, or has."""
    try:
        return "jaxlib" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def test_a_judge_ignores_ctrl_c_from_the_moment_it_imports_jax(tmp_path: Path) -> None:
    """CI at stop 45: Ctrl-C met a judge still importing JAX, and the user read a KeyboardInterrupt
    traceback from inside JAX's garbage-collector callback. Here every judge gets SIGINT again and
    again from the moment it maps jaxlib until the batch ends, and the batch grades as if none came."""
    output = tmp_path / "report.json"
    run = Watched(["grade", "--assignment", "jit", "--jobs", "2", "--format", "json", "--output", str(output),
                   *JIT_FILES], _temporary(tmp_path))
    interrupted: set[int] = set()
    while run.process.poll() is None:
        for judge in run.pool_judges():
            if judge.pid in interrupted or _has_begun_importing_jax(judge.pid):
                interrupted.add(judge.pid)
                with contextlib.suppress(OSError):
                    os.kill(judge.pid, signal.SIGINT)
        time.sleep(0.05)
    _, stderr = run.finish()
    assert run.process.returncode == 0, stderr[-3000:]
    assert len(interrupted) >= 2
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr[-3000:]
    _assert_golden(json.loads(output.read_text()))


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def _worker_folders() -> list[str]:
    """This process's worker folders: their names carry the judge's pid, and other judges
    (other engineers', other test runs) share the temporary directory."""
    import tempfile

    return sorted(p.name for p in Path(tempfile.gettempdir()).iterdir()
                  if p.name.startswith("jaxgrade-worker-") and f"-{os.getpid()}-" in p.name)


def test_every_folder_and_descriptor_is_released_around_a_batch_of_crashing_submissions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exits = tmp_path / "exits.py"
    exits.write_text("import os\nos._exit(1)\n")
    submissions = [read_submission(path) for path in
                   (HOSTILE / "crashes.py", exits, HOSTILE / "hang_and_exit.py", SUBMISSIONS / "jit" / "stub.py")]
    options = GradingOptions(lang="en", call_seconds=4, exercise_seconds=20)
    grade_files(submissions[:1], "jit", options)  # JAX, the clean timing worker: what a judge keeps for life
    folders, descriptors = _worker_folders(), _open_descriptors()

    results = grade_files(submissions, "jit", options)
    assert all(isinstance(result, SubmissionResult) for result in results)

    # A worker that cannot even be started (Popen fails) leaves nothing either.
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(worker_client.subprocess, "Popen", refuse)
    refused = grade_files(submissions[:2], "jit", options)
    monkeypatch.undo()
    assert all(isinstance(result, (SubmissionResult, FileError)) for result in refused)
    assert _worker_folders() == folders
    assert _open_descriptors() == descriptors


def test_a_leaving_judge_waits_for_no_helper_past_its_bound(tmp_path: Path) -> None:
    """Session 32's clean clone: a judge told by Linux that `jaxgrade` died, between two files, closed its
    checks first, which joined a clean timing worker still warming for up to 30 s under load, and outlived
    `jaxgrade` by that long. Closing now has a bound; a close that never returns stands in for that join."""
    script = ("import time\n"
              "import graders.common.registry as registry\n"
              "import graders.batch.judge_process as judge\n"
              "registry.close_checks = lambda: time.sleep(120)\n"
              "judge._prepared = True\n"
              "judge._leave()\n")
    started = time.monotonic()
    completed = subprocess.run([sys.executable, "-c", script], cwd=REPO, timeout=60, capture_output=True, text=True)
    assert completed.returncode == 128 + signal.SIGTERM, completed.stderr[-2000:]
    assert time.monotonic() - started < 30


def test_killing_jaxgrade_outright_leaves_no_judge_or_worker_running(tmp_path: Path) -> None:
    run = Watched(["grade", "--assignment", "jit", "--jobs", "2", "--format", "json", "--output", os.devnull,
                   *JIT_FILES, *JIT_FILES], _temporary(tmp_path))
    run.wait_until(lambda: len(run.judges()) == 2)
    run.process.kill()  # SIGKILL: no handler runs in jaxgrade itself; its judges are told by Linux
    run.finish(60)
    alive, _ = run.leftovers()
    deadline = time.monotonic() + 30
    while alive and time.monotonic() < deadline:
        time.sleep(0.5)
        alive = [pid for pid in alive if _alive(pid)]
    assert alive == []
    assert list(run.temporary.rglob("jaxgrade-worker-*")) == []
