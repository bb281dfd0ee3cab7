"""The worker process: a separate interpreter, killed on timeout, reported when it dies."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from graders.common.spec import Call
from graders.judge.submission import Cell, Submission
from graders.judge.supervisor.client import WorkerLimits, WorkerLost, WorkerProcess
from graders.judge.supervisor.session import SubmissionSession


def _session(source: str, **limits: float) -> SubmissionSession:
    submission = Submission(path=__import__("pathlib").Path("inline.py"), kind="python",
                            cells=(Cell(1, "inline.py", source),))
    session = SubmissionSession(submission, WorkerLimits(**limits))
    session.start()
    return session


def test_the_worker_is_another_process_without_the_judge_on_its_path() -> None:
    session = _session(
        "import os, sys\n"
        "PID = os.getpid()\n"
        "def probe():\n"
        "    import importlib.util\n"
        "    return (os.getpid(), importlib.util.find_spec('graders') is None)\n"
    )
    try:
        outcome = session.call("probe", Call(()))
        worker_pid, no_graders = outcome.output
        assert worker_pid != os.getpid()
        assert no_graders is True
    finally:
        session.close()


def test_a_hanging_call_is_killed_after_its_deadline() -> None:
    session = _session("import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                       "def spin(x):\n    while True:\n        pass\n")
    try:
        started = time.monotonic()
        with pytest.raises(WorkerLost) as lost:
            session.call("spin", Call((np.zeros(2, np.float32),)), timeout=1.0)
        assert lost.value.reason == "timeout"
        assert time.monotonic() - started < 10
        assert session.worker is not None and not session.worker.alive
    finally:
        session.close()


def test_an_exiting_worker_is_reported_with_its_status() -> None:
    session = _session("import os\ndef leave(x):\n    os._exit(7)\n")
    try:
        with pytest.raises(WorkerLost) as lost:
            session.call("leave", Call((1.0,)))
        assert lost.value.reason == "exited"
        assert "7" in lost.value.detail
    finally:
        session.close()


def test_student_output_is_captured_not_mixed_with_replies() -> None:
    session = _session('print(\'[{"score": 100}]\')\ndef f(x):\n    print("inside")\n    return x\n')
    try:
        assert session.call("f", Call((2.0,))).output == 2.0
    finally:
        session.close()
    assert '[{"score": 100}]' in session.student_output()
    assert "inside" in session.student_output()


def test_startup_failure_is_reported_not_raised_as_a_traceback(monkeypatch) -> None:
    monkeypatch.setattr("graders.judge.supervisor.client.sys.executable", "/bin/false")
    worker = WorkerProcess(WorkerLimits(startup_seconds=5))
    with pytest.raises(WorkerLost):
        worker.start()
    worker.close()


def test_list_and_dict_arguments_come_back_as_they_were_after_the_call() -> None:
    session = _session("def grow(items, table):\n    items.append(1.0)\n    table['new'] = 2\n    return 0\n")
    try:
        outcome = session.call("grow", Call(([0.5], {"old": 1})), echo_args=True)
    finally:
        session.close()
    assert outcome.args_after == [[0.5, 1.0], {"old": 1, "new": 2}]

    from graders.judge.compare import same_data

    assert same_data([0.5], outcome.args_after[0]).kind == "length"
    assert same_data({"old": 1}, outcome.args_after[1]).kind == "keys"


def test_one_round_trip_calls_with_each_array_kind_and_stops_at_the_first_failure() -> None:
    session = _session(
        "import jax\nimport numpy as np\n\n"
        "def kind(x):\n    return np.float32(0.0 if isinstance(x, np.ndarray) else 1.0)\n\n"
        "def only_jax(x):\n    if isinstance(x, np.ndarray):\n        raise TypeError('numpy given')\n    return x\n\n"
        "def only_numpy(x):\n    if isinstance(x, jax.Array):\n        raise TypeError('jax given')\n    return x\n")
    argument = Call((np.ones(3, np.float32),))
    try:
        both = session.call_each_kind("kind", argument, ("numpy", "jax"))
        first_fails = session.call_each_kind("only_jax", argument, ("numpy", "jax"))
        second_fails = session.call_each_kind("only_numpy", argument, ("numpy", "jax"))
    finally:
        session.close()
    assert [float(outcome.output) for outcome in both] == [0.0, 1.0]
    assert len(first_fails) == 1 and first_fails[0].error is not None and first_fails[0].error.type == "TypeError"
    assert len(second_fails) == 2 and second_fails[0].ok and second_fails[1].error is not None


def test_a_worker_runs_on_the_platform_it_is_given(tmp_path) -> None:
    from graders.judge.supervisor.client import _worker_environment

    assert _worker_environment(tmp_path, "cpu")["JAX_PLATFORMS"] == "cpu"
    assert _worker_environment(tmp_path, None).get("JAX_PLATFORMS") == os.environ.get("JAX_PLATFORMS")
    session = SubmissionSession(Submission(tmp_path / "s.py", "python", (Cell(1, "s.py", "x = 1"),)), platform="cpu")
    session.start()
    try:
        assert session.info is not None and session.info.platform == "cpu"
    finally:
        session.close()


def test_a_probe_that_fails_is_the_graders_fault_and_the_worker_lives_on() -> None:
    from graders.judge.supervisor.client import ProbeFailed

    session = _session("def double(x):\n    return 2 * x\n")
    try:
        assert session.worker is not None
        with pytest.raises(ProbeFailed, match="trace_size: KeyError"):
            # A call without its arguments, inside a request that has its declared fields: a bug on the
            # judge's side that the wire's check of top-level fields lets through to the probe.
            session.worker.request("trace_size", name="double", static_argnames=[], calls=[{}])
        assert session.worker.alive
        assert session.call("double", Call((np.float32(2.0),))).output == 4.0
    finally:
        session.close()


def test_a_request_that_does_not_match_its_declaration_runs_nothing_and_says_which_field() -> None:
    session = _session("def double(x):\n    return 2 * x\n")
    try:
        assert session.worker is not None
        with pytest.raises(WorkerLost, match="DescribeRequest lacks name"):
            session.worker.request("describe")
        with pytest.raises(WorkerLost, match=r"DescribeRequest.name is int, not str"):
            session.worker.request("describe", name=3)
        with pytest.raises(WorkerLost, match=r"DescribeRequest has no field 'extra'"):
            session.worker.request("describe", name="double", extra=1)
        with pytest.raises(ValueError, match="does not match its declaration: DescribeRequest lacks name"):
            session._request("describe")  # the judge's own check, before anything is sent
        assert session.worker.alive
        assert session.call("double", Call((np.float32(2.0),))).output == 4.0
    finally:
        session.close()


def test_the_judge_sees_a_taken_over_channel_from_outside() -> None:
    relay = (Path(__file__).resolve().parents[1] / "submissions" / "hostile" / "channel_relay.py").read_text()
    with WorkerProcess() as worker:
        assert worker.channel_breach() is None
        worker.request("load", jax_config={}, module_name="submission",
                       cells=[{"index": 1, "filename": "relay.py", "source": relay}])
        # Replies still arrive (through the relay), so nothing inside the process need say so.
        assert worker.request("describe", name="norm")["jit_compiled"] is True
        breach = worker.channel_breach()
    assert breach is not None and "moved to descriptor" in breach


def test_ctrl_c_while_closing_still_kills_the_worker_and_removes_its_folder(monkeypatch) -> None:
    # CI once found a worker folder left behind by a judge stopped with Ctrl-C: the interrupt
    # landed while close() waited for the worker to exit, and skipped the rest of close().
    worker = WorkerProcess()
    worker.start()
    folder, process = worker._directory, worker._process
    assert folder is not None and folder.exists() and process is not None
    waits = {"count": 0}
    real_wait = process.wait

    def interrupted_wait(timeout: float | None = None) -> int:
        waits["count"] += 1
        if waits["count"] == 1:
            raise KeyboardInterrupt  # as SIGINT's handler raises it, mid-wait
        return real_wait(timeout)

    monkeypatch.setattr(process, "wait", interrupted_wait)
    with pytest.raises(KeyboardInterrupt):
        worker.close()
    assert process.poll() is not None
    assert not folder.exists()


def test_an_interrupted_batch_removes_its_own_folders_that_no_worker_holds(tmp_path) -> None:
    from graders.judge.supervisor import client

    prefix = client._owned_prefix()
    orphan, held, other = tmp_path / f"{prefix}orphan", tmp_path / f"{prefix}held", tmp_path / "jaxgrade-worker-x"
    for folder in (orphan, held, other):
        folder.mkdir()
    client._LIVE_FOLDERS.add(str(held))
    try:
        assert client.sweep_own_folders(str(tmp_path)) == [str(orphan)]
    finally:
        client._LIVE_FOLDERS.discard(str(held))
    assert not orphan.exists() and held.exists() and other.exists()


def test_matplotlib_starts_from_the_machines_font_list_quietly() -> None:
    # Built once per machine by trusted code and copied into each worker (supervisor/fonts.py): no
    # scan of every font at each start, and no `fc-list` complaint in the student's output.
    session = _session("import os\nBEFORE = [name for name in os.listdir(os.environ['MPLCONFIGDIR'])"
                       " if name.startswith('fontlist-')]\nimport matplotlib.pyplot as plt\n"
                       "plt.plot([1.0, 2.0])\nplt.savefig('plot.png')\n"
                       "def probe():\n    return len(BEFORE)\n")
    try:
        assert session.call("probe", Call(())).output == 1
        assert "Fontconfig" not in session.student_output() and "font" not in session.student_output().lower()
    finally:
        session.close()


def test_a_sandbox_still_being_set_up_is_never_counted_as_the_machines_processes() -> None:
    # Until bubblewrap has mounted the sandbox's own /proc, a sandboxed process's root is still the host's:
    # its /proc lists every process of the machine. Counted then, a worker that started nothing was
    # stopped for "more than 16 processes" (a stub, once, on a Dask worker of a busy machine).
    worker = WorkerProcess()
    if not worker.isolation.full:
        pytest.skip("no bubblewrap: the count is a walk of the worker's own process tree")
    assert sum(entry.isdigit() for entry in os.listdir("/proc")) > worker.limits.processes
    counts: list[int] = []
    try:
        worker.spawn()
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            counts.append(worker.process_count())
        worker.await_hello()
        counts.append(worker.process_count())
    finally:
        worker.close()
    assert len(counts) > 100 and max(counts) <= worker.limits.processes, sorted(set(counts))


def test_a_request_not_declared_in_both_sides_is_refused_on_both_sides() -> None:
    session = _session("def f(x):\n    return x\n")
    try:
        with pytest.raises(ValueError, match="not declared in graders/both_sides/operations.py"):
            session._request("call_unwatched", name="f")
        assert session.worker is not None
        with pytest.raises(WorkerLost) as lost:
            session.worker.request("call_unwatched", name="f")  # past the judge's own check: the worker refuses
        assert "unknown op 'call_unwatched'" in str(lost.value)
    finally:
        session.close()


def test_a_session_closed_from_two_threads_at_once_closes_once_quietly() -> None:
    """A judge's exit closes its clean timing workers (`atexit`) while the thread that stops it on SIGTERM may be
    closing them too (the pool stops a judge slow to leave): the second close found the worker gone halfway,
    and the service's log showed an `AttributeError` traceback (session 33, one `jaxgrade watch` stop in three)."""
    import threading

    session = _session("def f(x):\n    print('said once')\n    return x\n")
    session.call("f", Call((1,)))
    errors: list[BaseException] = []

    def close() -> None:
        try:
            session.close()
        except BaseException as error:  # noqa: BLE001 - the test reports whatever escapes
            errors.append(error)

    closers = [threading.Thread(target=close) for _ in range(2)]
    for closer in closers:
        closer.start()
    for closer in closers:
        closer.join(30)
    assert errors == [] and session.worker is None
    assert session.student_output().count("said once") == 1
