"""Resources the judge owns: the worker's folder is capped in total, and outlives no judge."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from graders.common.results import Status
from graders.common.spec import Call
from graders.judge.grade import GradingOptions, grade_path
from graders.judge.submission import Cell, Submission
from graders.judge.supervisor import isolation as sandbox
from graders.judge.supervisor.clean_workers import clean_workers
from graders.judge.supervisor.client import WorkerLimits, WorkerLost, process_start_time, sweep_stale_folders
from graders.judge.supervisor.session import SubmissionSession

MIB = 2**20
# 40 files of 20 MiB: 800 MiB, far past the 256 MiB cap, each file under the 64 MiB file limit.
_WRITER = """
import os

def fill(x):
    block = b"x" * (20 * 2**20)
    for index in range(40):
        with open(os.path.join(os.getcwd(), f"junk-{index}"), "wb") as handle:
            handle.write(block)
    return x
"""


@pytest.fixture(params=["sandbox", "process"])
def isolation(request, monkeypatch):
    """Both ways a worker can run: the cap holds with bubblewrap and without it."""
    sandbox.detect_isolation.cache_clear()
    if request.param == "process":
        monkeypatch.setenv("JAXGRADE_SANDBOX", "none")
    elif not sandbox.detect_isolation().full:
        pytest.skip("needs bubblewrap")
    yield request.param
    monkeypatch.delenv("JAXGRADE_SANDBOX", raising=False)
    sandbox.detect_isolation.cache_clear()


def _worker_folders() -> set[str]:
    """This process's worker folders (other engineers' judges may share the temporary directory)."""
    return {name for name in os.listdir(tempfile.gettempdir())
            if name.startswith("jaxgrade-worker-") and f"-{os.getpid()}-" in name}


def _du(path: Path) -> int:
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
            except OSError:
                pass
    return total


def test_a_submission_that_fills_its_folder_is_stopped_and_never_fills_the_disk(isolation) -> None:
    submission = Submission(path=Path("inline.py"), kind="python", cells=(Cell(1, "inline.py", _WRITER),))
    session = SubmissionSession(submission, WorkerLimits())
    session.start()
    folder = session.worker._directory
    largest = 0
    stop = threading.Event()

    def measure() -> None:
        nonlocal largest
        while not stop.is_set():
            largest = max(largest, _du(folder))
            time.sleep(0.005)

    watcher = threading.Thread(target=measure, daemon=True)
    watcher.start()
    try:
        with pytest.raises(WorkerLost) as lost:
            session.call("fill", Call((1.0,)))
    finally:
        stop.set()
        watcher.join()
        session.close()
    assert lost.value.reason == "disk"
    assert lost.value.detail == "256"
    print(f"{isolation}: the host folder reached {largest / MIB:.1f} MiB")
    # The host folder never held much more than the cap: with bubblewrap nothing at all
    # (the writes land in a tmpfs of that size), without it what 50 ms of writing adds.
    assert largest < 256 * MIB + 100 * MIB, largest / MIB
    if isolation == "sandbox" and sandbox.bwrap_sizes_tmpfs():
        assert largest < 1 * MIB, largest / MIB
    assert not folder.exists()


def test_filling_the_folder_costs_only_that_exercise_and_says_why(tmp_path: Path) -> None:
    submission = tmp_path / "fill.py"
    submission.write_text(
        "import jax\nimport jax.numpy as jnp\n\n"
        "@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n\n"
        "def flatten(x):\n"
        "    block = b'x' * (20 * 2**20)\n"
        "    for index in range(40):\n"
        "        with open(f'junk-{index}', 'wb') as handle:\n"
        "            handle.write(block)\n"
        "    return jnp.ravel(x)\n")
    before = _worker_folders()
    result = grade_path(submission, "jit", GradingOptions(lang="en", call_seconds=10, exercise_seconds=60))
    exercises = {exercise.name: exercise for exercise in result.exercises}
    correctness = exercises["flatten"].checks[0]
    assert correctness.status is Status.FAILED, correctness
    assert correctness.message.startswith("Your code wrote more than 256 MiB of files on input x="), correctness.message
    assert exercises["norm"].score == exercises["norm"].max_score
    # The clean timing workers live as long as the judge; the student's worker folders are gone.
    clean_workers.close()
    assert _worker_folders() <= before


def test_the_student_is_told_in_both_languages() -> None:
    from graders.judge.grade import _lost_message

    lost = WorkerLost("disk", "256")
    english = _lost_message(lost, None, None, GradingOptions(lang="en"))
    korean = _lost_message(lost, None, None, GradingOptions(lang="ko"))
    assert english.startswith("Your code wrote more than 256 MiB of files and was stopped."), english
    assert "256 MiB가 넘는 파일을 써서 중단했습니다" in korean, korean


def test_the_cap_is_a_limit_of_its_own() -> None:
    assert WorkerLimits().folder_bytes == 256 * MIB
    assert WorkerLimits(folder_bytes=8 * MIB).folder_bytes == 8 * MIB


# ------------------------------------------------------- folders of dead judges
def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_sweep_removes_folders_of_dead_judges_and_never_a_live_ones(tmp_path: Path) -> None:
    namespace = os.stat("/proc/self/ns/pid").st_ino
    me, started = os.getpid(), process_start_time(os.getpid())
    assert started
    dead = _dead_pid()
    live = tmp_path / f"jaxgrade-worker-{namespace}-{me}-{started}-abc"
    gone = tmp_path / f"jaxgrade-worker-{namespace}-{dead}-{started}-def"
    # Our own pid but another start time: a judge that died and whose pid was reused.
    reused = tmp_path / f"jaxgrade-worker-{namespace}-{me}-{started - 1}-ghi"
    other_namespace = tmp_path / f"jaxgrade-worker-{namespace + 1}-{dead}-{started}-jkl"
    legacy = tmp_path / "jaxgrade-worker-xyz"
    for folder in (live, gone, reused, other_namespace, legacy):
        (folder / "jaxgrade_runtime").mkdir(parents=True)
        (folder / "junk").write_bytes(b"x" * 1000)
    removed = sweep_stale_folders(str(tmp_path))
    assert sorted(removed) == sorted([str(gone), str(reused)])
    assert live.exists() and other_namespace.exists() and legacy.exists()
    assert not gone.exists() and not reused.exists()


def test_a_worker_folder_names_its_judge_and_the_first_worker_sweeps() -> None:
    stale = Path(tempfile.gettempdir()) / (
        f"jaxgrade-worker-{os.stat('/proc/self/ns/pid').st_ino}-{_dead_pid()}-{process_start_time(os.getpid())}-t")
    stale.mkdir()
    # A fresh process starts its first worker: the sweep runs there.
    code = ("from graders.judge.supervisor.client import WorkerProcess\n"
            "with WorkerProcess() as worker:\n"
            "    print(worker._directory.name)\n")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                               env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert completed.returncode == 0, completed.stderr
    name = completed.stdout.split()[-1]
    _, _, namespace, pid, started, _ = name.split("-", 5)
    assert int(namespace) == os.stat("/proc/self/ns/pid").st_ino and int(pid) > 0 and int(started) > 0
    assert not stale.exists()
