"""A Dask worker killed mid-grading: the batch is regraded elsewhere and loses nothing (timed: run alone)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders.common.results import result_from_dict

from ..conftest import REPO, golden_file
from ..e2e.test_cluster import BIN, JIT_FILES, _as_golden

distributed = pytest.importorskip("distributed")


@pytest.fixture()
def dask_processes(tmp_path: Path) -> Iterator[str]:
    """`dask scheduler` and two `dask worker` processes, as an instructor starts them; their address."""
    scheduler_file = tmp_path / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    processes = [subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                   "--no-dashboard", "--scheduler-file", str(scheduler_file)], **quiet)]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(scheduler_file.read_text())["address"]
        for _ in range(2):
            processes.append(subprocess.Popen([str(BIN / "dask"), "worker", address, "--nthreads", "1",
                                               "--no-dashboard"], **quiet))
        with distributed.Client(address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_for_sandboxed_worker(pid: int, stop: threading.Event, seconds: float = 120) -> None:
    """Until the judge in process `pid` has started its sandboxed worker (whose command line names its
    `jaxgrade-worker-*` folder), or the test is over."""
    import psutil

    deadline = time.monotonic() + seconds
    while not stop.is_set() and time.monotonic() < deadline:
        try:
            if any("jaxgrade-worker-" in " ".join(child.cmdline())
                   for child in psutil.Process(pid).children(recursive=True)):
                return
        except psutil.Error:
            pass
        time.sleep(0.1)


def _kill_a_busy_worker(address: str, stop: threading.Event, killed: list[int]) -> None:
    """Wait until a worker is grading, then kill its process (its nanny starts a new one)."""
    with distributed.Client(address, set_as_default=False) as client:
        while not stop.is_set():
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                _wait_for_sandboxed_worker(pid, stop)  # well into grading
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.2)


def test_jaxgrade_grade_on_dask_workers_survives_a_killed_worker(dask_processes: str, tmp_path: Path) -> None:
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=_kill_a_busy_worker, args=(dask_processes, stop, killed))
    killer.start()
    try:
        completed = subprocess.run(
            [str(BIN / "jaxgrade"), "grade", "--assignment", "jit", "--scheduler", dask_processes, "--lang", "en",
             "--format", "json", "--output", str(tmp_path / "report.json"), *JIT_FILES],
            cwd=REPO, capture_output=True, text=True, timeout=600)
    finally:
        stop.set()
        killer.join()
    assert completed.returncode == 0, completed.stderr[-2000:]
    assert killed, "no worker was seen grading"
    reports = json.loads((tmp_path / "report.json").read_text())
    assert [report["submission"] for report in reports] == JIT_FILES
    for path, report in zip(JIT_FILES, reports):
        assert _as_golden(result_from_dict(report), path) == golden_file(path).read_text(encoding="utf-8")
