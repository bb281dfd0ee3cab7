"""`jaxgrade watch` under a supervisor: how it ends, and what it does once the deadline has passed.

- systemd, Docker and Kubernetes stop a service with SIGTERM: that is the service's normal end, so it exits 0
  (systemd then counts the stop a success, with no `SuccessExitStatus=`); Ctrl-C (SIGINT) exits 130, as every
  jaxgrade command, and so does any stop of `--once`, which did not finish its job.
- JupyterHub starts a managed service again 30 s after it exits, for ever: a service it started
  (`JUPYTERHUB_SERVICE_NAME` set), or one given `--idle-after-deadline`, waits idle past the deadline, holding
  no lock, until it is stopped. JupyterHub stops it with SIGINT.

The real hub doing all of this is `tests/e2e/deploy/test_jupyterhub.py`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from .nbgrader_course import BIN, Course

ASSIGNMENT = "jit"


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    """One released course for the module; each test sets the due date it needs."""
    return Course.released(tmp_path_factory.mktemp("watch-service"), ASSIGNMENT, ())


def _due(course: Course, due: datetime) -> None:
    course.instructor("db", "assignment", "add", ASSIGNMENT, f"--duedate={due.strftime('%Y-%m-%d %H:%M:%S')} UTC")


@contextmanager
def _service(course: Course, *args: str, hub: bool = False) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """`jaxgrade watch` as a supervisor starts it, its stderr in a file; killed if a test leaves it running."""
    environment = course.env(course.homes)
    environment.pop("JUPYTERHUB_SERVICE_NAME", None)
    if hub:
        environment["JUPYTERHUB_SERVICE_NAME"] = "jaxgrade-watch-jit"
    log = course.root.parent / f"watch-{time.monotonic_ns()}.log"
    with open(log, "w") as stderr:
        process = subprocess.Popen([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root), *args],
                                   cwd=course.root, env=environment, stdout=subprocess.PIPE, stderr=stderr, text=True,
                                   start_new_session=True)
    try:
        yield process, log
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)


def _wait_for(log: Path, text: str, process: subprocess.Popen[str], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while text not in log.read_text():
        assert process.poll() is None, (process.returncode, log.read_text()[-3000:])
        assert time.monotonic() < deadline, f"no {text!r} in {seconds} s: {log.read_text()[-3000:]}"
        time.sleep(0.2)


def _stopped_with(process: subprocess.Popen[str], signal_number: int) -> str:
    os.kill(process.pid, signal_number)
    stdout, _ = process.communicate(timeout=60)
    return stdout


def test_sigterm_ends_the_service_with_status_0_and_ctrl_c_with_130(course: Course) -> None:
    _due(course, datetime.now(UTC) + timedelta(days=30))
    with _service(course) as (service, log):
        _wait_for(log, "watching", service)
        _stopped_with(service, signal.SIGTERM)
        assert service.returncode == 0, log.read_text()[-3000:]
        assert "Traceback" not in log.read_text()
    with _service(course) as (service, log):
        _wait_for(log, "watching", service)
        _stopped_with(service, signal.SIGINT)
        assert service.returncode == 130, log.read_text()[-3000:]


def test_under_jupyterhub_past_the_deadline_it_waits_until_stopped_and_holds_no_lock(course: Course) -> None:
    _due(course, datetime.now(UTC) - timedelta(minutes=1))

    # Outside a hub, without --idle-after-deadline: it exits 0 at once, as before.
    alone = subprocess.run([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root)],
                           cwd=course.root, env={k: v for k, v in course.env(course.homes).items()
                                                 if k != "JUPYTERHUB_SERVICE_NAME"},
                           capture_output=True, text=True, timeout=300)
    assert alone.returncode == 0, alone.stderr[-3000:]
    assert "the deadline" in alone.stderr and "idle" not in alone.stderr, alone.stderr

    for args, hub in (((), True), (("--idle-after-deadline",), False)):
        with _service(course, *args, hub=hub) as (service, log):
            _wait_for(log, "idle until stopped", service)
            # The lock is free: a `--once` run of the same assignment neither waits nor is refused.
            once = subprocess.run([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root), "--once"],
                                  cwd=course.root, env=course.env(course.homes), capture_output=True, text=True,
                                  timeout=300)
            assert once.returncode == 0 and "waiting for" not in once.stderr, once.stderr[-3000:]
            assert service.poll() is None, log.read_text()
            # JupyterHub stops a service with SIGINT first: nothing was interrupted, the status is 0.
            stopped_at = time.monotonic()
            _stopped_with(service, signal.SIGINT)
            assert time.monotonic() - stopped_at < 10
            assert service.returncode == 0, log.read_text()[-3000:]
            assert "Traceback" not in log.read_text()

    # A cron job's `--once` never idles, under a hub or not.
    with _service(course, "--once", hub=True) as (service, log):
        service.communicate(timeout=300)
        assert service.returncode == 0 and "idle" not in log.read_text(), log.read_text()
