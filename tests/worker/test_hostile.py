"""Hostile submissions: each is contained, costs only its own exercise, and cannot tamper with its grade."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from graders.common.results import FileError, Status
from graders.judge.grade import GradingOptions, grade_path
from graders.judge.supervisor.client import WorkerLimits
from graders.judge.supervisor.isolation import detect_isolation

from ..conftest import REPO, SUBMISSIONS, max_score, points
from ..expectations import owed_score

HOSTILE = SUBMISSIONS / "hostile"
QUICK = GradingOptions(lang="en", call_seconds=5, exercise_seconds=60)

sandboxed = pytest.mark.skipif(not detect_isolation().full and not os.environ.get("CI"),
                               reason="needs bubblewrap (`make test` installs it); in CI its absence fails")


def _checks(result, exercise: str):
    return {check.name: check for check in next(e for e in result.exercises if e.name == exercise).checks}


def test_an_import_that_hangs_and_ignores_signals_is_killed(tmp_path: Path) -> None:
    started = time.monotonic()
    options = GradingOptions(lang="en", limits=WorkerLimits(load_seconds=4))
    result = grade_path(HOSTILE / "import_hang.py", "jit", options)
    assert time.monotonic() - started < 30
    assert result.score == 0
    first, *others = result.exercises
    assert "did not finish within 4 s" in first.checks[0].message
    assert all("while your file was loading (see `norm`)" in e.checks[0].message for e in others)


def test_an_exit_while_the_cells_load_is_reported_once_as_such(tmp_path) -> None:
    submission = tmp_path / "exits.py"
    submission.write_text("import os\nos._exit(1)\n")
    result = grade_path(submission, "jit", QUICK)
    messages = [check.message for exercise in result.exercises for check in exercise.checks]
    assert sum("ended while your file was loading (exit status 1)" in message for message in messages) == 1
    assert all(check.status.value == "skipped" for exercise in result.exercises for check in exercise.checks[1:])


def test_memory_exhaustion_fails_with_a_clear_message() -> None:
    # A 2 GiB cap: a pure-Python hog reaches it in a few seconds (its pages are zero-filled as it grows).
    options = GradingOptions(lang="en", call_seconds=30, limits=WorkerLimits(memory_bytes=2 * 2**30))
    result = grade_path(HOSTILE / "memory.py", "jit", options)
    assert _checks(result, "norm")["correctness"].passed
    for exercise in ("negatives", "flatten", "maybe_negate"):
        message = _checks(result, exercise)["correctness"].message
        assert "ran out of memory" in message, message


def test_crashes_and_base_exceptions_cost_only_their_exercise() -> None:
    result = grade_path(HOSTILE / "crashes.py", "jit", QUICK)
    # `ctypes.string_at` trips a wire: norm keeps only what the judge checks itself.
    assert next(e for e in result.exercises if e.name == "norm").score == points("jit", "norm.correctness")
    assert any(flag.startswith("needs-review") and "ctypes.string_at" in flag and "line 18" in flag
               for flag in result.flags), result.flags
    assert "SIGSEGV" in _checks(result, "negatives")["correctness"].message
    assert "KeyboardInterrupt" in _checks(result, "flatten")["correctness"].message
    assert "Sneaky" in _checks(result, "maybe_negate")["correctness"].message


def _sleepers() -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if "604.173" in (process.info["cmdline"] or []):
            found.append(process)
    return found


@sandboxed
def test_background_processes_never_outlive_grading() -> None:
    # Three processes a call: the judge stops the worker once it runs more than 16, and says so.
    result = grade_path(HOSTILE / "background.py", "jit", QUICK)
    message = _checks(result, "negatives")["correctness"].message
    assert message.startswith("Your code started more than 16 processes on input x="), message
    time.sleep(0.5)
    leftovers = _sleepers()
    for process in leftovers:
        process.kill()
    assert leftovers == []


def _own_workers() -> list[psutil.Process]:
    """This test process's workers: their folders are named after the judge's pid."""
    mark = f"-{os.getpid()}-"
    found = []
    for process in psutil.process_iter(["cmdline"]):
        try:
            if mark in " ".join(process.info["cmdline"] or []) and "jaxgrade_runtime" in " ".join(
                    process.info["cmdline"] or []):
                found.append(process)
        except psutil.Error:
            continue
    return found


@sandboxed
def test_a_fork_bomb_costs_only_its_own_grading_and_is_told_in_words() -> None:
    """64 `os.fork()` calls in a cell: the kernel refuses forks past the sandbox's task limit (where the
    judge is not root) and the judge, counting the sandbox's processes from outside, stops the worker
    within a tenth of a second; every exercise says why, and nothing of it outlives grading."""
    before = {process.pid for process in _own_workers()}
    peak = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, len([p for p in _own_workers() if p.pid not in before]))
            time.sleep(0.005)

    counter = threading.Thread(target=count, daemon=True)
    counter.start()
    started = time.monotonic()
    try:
        result = grade_path(HOSTILE / "fork_bomb.py", "jit", QUICK)
    finally:
        stop.set()
        counter.join()
    assert time.monotonic() - started < 30
    first, *others = result.exercises
    assert first.checks[0].message.startswith("Your code started more than 16 processes and was stopped."), \
        first.checks[0].message
    assert all("while your file was loading (see `norm`)" in e.checks[0].message for e in others)
    assert any("os.fork" in flag for flag in _flags_of(result, "needs-review")), result.flags
    print(f"peak processes of the bomb's worker: {peak}")
    assert peak < 200, peak
    time.sleep(0.5)
    # What is left is the clean timing worker (bwrap, its init, Python), which lives as long as the judge.
    assert len([p for p in _own_workers() if p.pid not in before]) <= 3


@sandboxed
def test_dev_shm_is_a_small_private_tmpfs_inside_the_cap() -> None:
    """540 MiB written to /dev/shm: it holds 16 MiB of the folder's 256, and filling it is told like
    filling the folder; the other exercises keep their points."""
    result = grade_path(HOSTILE / "shm_flood.py", "jit", QUICK)
    message = _checks(result, "flatten")["correctness"].message
    assert message.startswith("Your code filled /dev/shm (16 MiB, part of the space grading allows for files) "
                              "on input x="), message
    assert _checks(result, "norm")["correctness"].passed


def test_floods_and_forged_reports_never_reach_the_machine_readable_output() -> None:
    jaxgrade = str(Path(sys.executable).with_name("jaxgrade"))
    completed = subprocess.run([jaxgrade, "grade", "--lang", "en", "--assignment", "jit", "--format", "json",
                                str(HOSTILE / "output_flood.py")], capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0
    [report] = json.loads(completed.stdout)
    # Writing to raw descriptors (`os.write`) trips a wire: flatten keeps only its correctness points.
    assert report["submission"].endswith("output_flood.py")
    assert report["score"] == points("jit", "flatten.correctness")
    assert any(flag.startswith("needs-review") and "os.write" in flag for flag in report["flags"])
    assert "forged.ipynb" in report["student_output"] and "PASSED: everything" in report["student_output"]
    assert len(report["student_output"]) < 20_000 and "more bytes of output not shown" in report["student_output"]
    assert completed.stderr == ""


def test_control_characters_in_one_students_output_break_no_report_of_the_class() -> None:
    """ESC sequences, NUL and C1 characters in output and an exception message: every report of the class
    still parses, shows each student's own score, and carries the characters only as escapes."""
    from xml.etree import ElementTree

    from graders.batch.grading import grade_many
    from graders.reports import WRITERS

    files = [SUBMISSIONS / "jit" / "correct_alternative.py", HOSTILE / "control_characters.py",
             SUBMISSIONS / "jit" / "faulty_a.py"]
    results = grade_many(files, "jit", QUICK)
    hostile = results[1]
    assert not isinstance(hostile, FileError)
    message = _checks(hostile, "negatives")["correctness"].message
    assert "\\x1b[2J\\x1b[H\\x1b[1;32mScore: 30 / 30\\x1b[0m NUL\\x00 CSI\\x9b2J" in message
    assert "\\x1b[2J" in hostile.student_output
    scores = [result.score for result in results]
    assert scores[0] == owed_score(files[0], results[0]) and scores[1] < max_score("jit")
    control = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
    for writer in ("text", "json", "junit", "markdown"):
        report = WRITERS[writer](results, lang="en")
        assert not control.search(report), writer
    text = WRITERS["text"](results, lang="en")
    assert [float(score) for score in re.findall(r"^Assignment: jit\s+Score: (\S+) /", text, re.M)] == scores
    assert [report["score"] for report in json.loads(WRITERS["json"](results, lang="en"))] == scores
    suites = ElementTree.fromstring(WRITERS["junit"](results, lang="en").encode())
    assert [float(next(p.get("value") for p in suite.iter("property") if p.get("name") == "score"))
            for suite in suites] == scores
    markdown = WRITERS["markdown"](results, lang="en")
    assert all(f"**{score:g} / {max_score('jit'):g}**" in markdown for score in scores)
    gradescope = json.loads(WRITERS["gradescope"]([hostile], lang="en"))
    assert gradescope["score"] == scores[1] and not control.search(json.dumps(gradescope, ensure_ascii=False))


def test_patched_comparisons_and_always_equal_objects_change_nothing() -> None:
    result = grade_path(HOSTILE / "monkeypatch.py", "jit", QUICK)
    norm = _checks(result, "norm")["correctness"]
    assert norm.status is Status.FAILED and "AlwaysEqual" in norm.message
    assert _checks(result, "negatives")["correctness"].status is Status.FAILED
    assert not any(_checks(result, name)["correctness"].passed for name in ("norm", "negatives"))
    assert not _checks(result, "norm")["jit_speedup"].passed


def _snoop_source(targets: dict[str, Path], port: int) -> str:
    return f'''
import os, socket
import jax.numpy as jnp

def attempt(label, action):
    try:
        action()
        print("SUCCEEDED", label)
    except Exception as error:
        print("blocked", label, type(error).__name__)

attempt("read-reference", lambda: open({str(targets["reference"])!r}).read())
attempt("read-grader", lambda: open({str(targets["grader"])!r}).read())
attempt("read-other-student", lambda: open({str(targets["other"])!r}).read())
attempt("read-gradebook-dir", lambda: os.listdir({str(targets["course"])!r}))
attempt("import-solutions", lambda: __import__("solutions.jit"))
attempt("import-graders", lambda: __import__("graders.judge.grade"))
attempt("write-course", lambda: open({str(targets["course"] / "TAMPERED")!r}, "w").write("x"))
attempt("write-repo", lambda: open({str(targets["repo"] / "TAMPERED")!r}, "w").write("x"))
attempt("write-root", lambda: open("/TAMPERED", "w").write("x"))
attempt("write-tmp", lambda: open("/tmp/jaxgrade-TAMPERED", "w").write("x"))
attempt("write-own-directory", lambda: open("scratch.txt", "w").write("x"))
attempt("network", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=2))

def flatten(x):
    return jnp.ravel(x)
'''


@sandboxed
def test_the_worker_cannot_read_answers_write_outside_or_reach_the_network(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "gradebook.db").write_text("grades")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    accepted: list[object] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                accepted.append(listener.accept())
            except OSError:
                pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    targets = {"reference": REPO / "solutions" / "jit.py", "grader": REPO / "graders" / "judge" / "grade.py",
               "other": SUBMISSIONS / "jit" / "correct_alternative.py", "course": course, "repo": REPO}
    submission = course / "snoop.py"
    submission.write_text(_snoop_source(targets, listener.getsockname()[1]))
    try:
        result = grade_path(submission, "jit", QUICK)
    finally:
        stop.set()
        thread.join()
        listener.close()
    lines = [line for line in result.student_output.splitlines() if line.startswith(("blocked", "SUCCEEDED"))]
    assert len(lines) == 12, result.student_output
    # The worker's own directory is the only writable place, and it vanishes with the worker.
    assert [line for line in lines if line.startswith("SUCCEEDED")] == ["SUCCEEDED write-own-directory"], lines
    assert accepted == []
    assert not (course / "TAMPERED").exists() and not (REPO / "TAMPERED").exists()
    assert not Path("/tmp/jaxgrade-TAMPERED").exists() and not Path("/TAMPERED").exists()
    assert _checks(result, "flatten")["correctness"].passed
    assert result.environment["isolation"] == "bwrap"


@pytest.mark.parametrize(
    ("name", "exercise", "change"),
    [
        ("tamper_listeners.py", "maybe_negate", "compilation listener was removed"),
        ("tamper_runtime.py", "maybe_negate", "runtime code in the worker was modified"),
        ("tamper_flags.py", "norm", "jax_disable_jit was changed"),
    ],
)
def test_tampering_with_instruments_is_flagged_never_a_silent_pass(name: str, exercise: str, change: str) -> None:
    result = grade_path(HOSTILE / name, "jit", QUICK)
    assert any(flag.startswith("instrument-tampered") and change in flag for flag in result.flags), result.flags
    checks = _checks(result, exercise)
    assert not any(check.passed for check in checks.values())
    assert any(check.status is Status.ERROR and change in check.message for check in checks.values())


def test_without_a_sandbox_the_report_says_it_was_less_isolated(monkeypatch) -> None:
    from graders.judge.supervisor import isolation as sandbox

    sandbox.detect_isolation.cache_clear()
    monkeypatch.setenv("JAXGRADE_SANDBOX", "none")
    try:
        result = grade_path(REPO / "tests" / "submissions" / "jit" / "stub.py", "jit", QUICK)
    finally:
        monkeypatch.delenv("JAXGRADE_SANDBOX")
        sandbox.detect_isolation.cache_clear()
    assert result.environment["isolation"] == "process"
    assert any(flag.startswith("less-isolated") for flag in result.flags)


# ------------------------------------------------------------------ what the judge believes (#18)
def _flags_of(result, prefix: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [flag for flag in result.flags if flag.startswith(prefix)]


@sandboxed
def test_a_channel_relay_is_seen_from_outside_and_earns_only_correctness() -> None:
    result = grade_path(HOSTILE / "channel_relay.py", "jit", QUICK)
    norm = _checks(result, "norm")
    assert norm["correctness"].passed
    review = _flags_of(result, "needs-review")
    assert any("channel" in flag and "moved to descriptor" in flag for flag in review), result.flags
    assert any("threading.Thread" in flag and "line 63" in flag for flag in review), result.flags
    # The relay claimed jit_compiled for a plain function: the source says otherwise.
    assert norm["jit_compiled"].status is Status.FAILED and "line 67" in norm["jit_compiled"].message
    for name in ("jit", "no_recompilation", "no_mutation", "no_globals"):
        # Withheld for review, or an error where the relay also swallowed the instruments' event stream.
        assert norm[name].points == 0 and (norm[name].details.get("withheld") == "needs-review"
                                           or norm[name].status is Status.ERROR), norm[name]
    assert result.score == norm["correctness"].points


def test_a_lazy_object_that_claims_to_be_a_jax_array_is_a_wrong_answer() -> None:
    result = grade_path(HOSTILE / "lazy_output.py", "jit", QUICK)
    norm = _checks(result, "norm")
    assert norm["correctness"].status is Status.FAILED
    assert "ArrayImpl" in norm["correctness"].message
    assert any("__module__" in flag and "line 12" in flag for flag in _flags_of(result, "needs-review"))
    assert result.exercises[0].score == 0


def test_fake_jit_wrappers_fail_jit_compiled_with_their_line() -> None:
    result = grade_path(HOSTILE / "fake_jit.py", "jit", QUICK)
    norm, negate = _checks(result, "norm"), _checks(result, "maybe_negate")
    assert norm["jit_compiled"].status is Status.FAILED and "line 12" in norm["jit_compiled"].message
    assert negate["jit_compiled"].status is Status.FAILED and "line 26" in negate["jit_compiled"].message
    assert norm["jit_speedup"].status is Status.FAILED and "not jit-compiled" in norm["jit_speedup"].message


def test_plain_numpy_earns_neither_jit_compiled_nor_jit_speedup(tmp_path: Path) -> None:
    submission = tmp_path / "numpy_norm.py"
    submission.write_text("import numpy as np\n\n\ndef norm(X):\n    X = np.asarray(X)\n"
                          "    return (X - X.mean(0)) / X.std(0)\n")
    norm = _checks(grade_path(submission, "jit", QUICK), "norm")
    assert norm["correctness"].passed
    for name in ("jit_compiled", "jit_speedup"):
        assert norm[name].status is Status.FAILED and "line 4" in norm[name].message, norm[name].message
    assert "speedup" not in norm["jit_speedup"].timings  # never timed


@sandboxed
def test_the_audit_hook_sees_what_the_source_hides(tmp_path: Path) -> None:
    # The module name is built at run time, so the source shows only a computed import; loading a
    # library through ctypes is what the audit hook records, with the line that asked for it.
    submission = tmp_path / "hidden_ctypes.py"
    submission.write_text("import importlib\nimport jax\n\n_name = 'ct' + 'ypes'\n"
                          "_lib = importlib.import_module(_name).CDLL(None)\n\n\n@jax.jit\ndef norm(X):\n"
                          "    return (X - X.mean(0)) / X.std(0)\n")
    result = grade_path(submission, "jit", QUICK)
    review = _flags_of(result, "needs-review")
    assert any("computed name" in flag and "line 5" in flag for flag in review), result.flags
    # The call of `CDLL` (capability_calls.py) or the library it loads (the audit hook), whichever the
    # judge heard first: one reason per kind and line.
    assert any("native code" in flag and ("ctypes.dlopen" in flag or "ctypes.CDLL" in flag) and "line 5" in flag
               for flag in review), result.flags
    norm = _checks(result, "norm")
    assert norm["correctness"].passed and norm["jit_compiled"].points == 0


def test_the_audit_hook_blames_the_students_call_not_the_import_system(tmp_path: Path) -> None:
    # Importing a library unmarshals its bytecode and runs its code (threads, files, native code): the
    # library's doing. The student's own `marshal.loads`, hidden from the source, is theirs.
    submission = tmp_path / "imports.py"
    submission.write_text("import jax\nimport matplotlib.pyplot as plt\nimport scipy.stats\n"
                          "_m = __import__('mar' + 'shal')\n"
                          "_data = _m.dumps((1, 2))\n"
                          "_back = _m.loads(_data)\n\n\n"
                          "@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n")
    result = grade_path(submission, "jit", QUICK)
    review = _flags_of(result, "needs-review")
    assert any("marshal.loads" in flag and "line 6)" in flag for flag in review), review
    assert any("computed name" in flag and "line 4)" in flag for flag in review), review
    # Line 5 is the student's own `marshal.dumps`: any use of `marshal` is one, as the scan reads it.
    assert not [flag for flag in review if re.search(r"line [123]\)", flag)], review


def test_the_existing_tampering_submissions_are_flagged_for_review() -> None:
    for name, expected in (("monkeypatch.py", "numpy.allclose ="), ("forge_clock.py", "time.perf_counter =")):
        result = grade_path(HOSTILE / name, "jit", QUICK)
        assert any(expected in flag for flag in _flags_of(result, "needs-review")), (name, result.flags)
def test_loops_padded_to_a_fixed_length_fail_compact_trace_at_the_loop_line() -> None:
    # Correct, and the trace is the same size for every length up to its pad (33 and 100): the
    # drawn lengths reach past the pads, and the message points at the loop.
    path = HOSTILE / "padded_loops.py"
    text = path.read_text().splitlines()
    result = grade_path(path, "purity", QUICK)
    for exercise, loop in (("horner", "acc = acc * x + padded[i]"), ("per_example_grads", "rows = [jax.grad")):
        checks = _checks(result, exercise)
        assert checks["correctness"].passed
        verdict = checks["compact_trace"]
        assert verdict.status is Status.FAILED
        line = next(number for number, source in enumerate(text, 1) if loop in source)
        assert f"padded_loops.py, line {line}" in verdict.message.split(". ")[0], verdict.message
    # Nothing else objects: only compact_trace's points are lost.
    assert result.score == max_score("purity") - points("purity", "horner.compact_trace",
                                                          "per_example_grads.compact_trace")


# ------------------------------------------------- a held-out round's new classes (#27)
def test_a_rewound_compile_counter_changes_nothing_the_judge_counted() -> None:
    """A function that jits anew on every call, then zeroes whatever counter it can reach through
    JAX's listener registry: the judge counted each compilation on its own stream as it happened."""
    result = grade_path(HOSTILE / "rewind_compile_counter.py", "jit", QUICK)
    for exercise, line in (("negatives", 41), ("maybe_negate", 56)):
        verdict = _checks(result, exercise)["no_recompilation"]
        assert verdict.status is Status.FAILED, verdict.message
        assert f"line {line}" in verdict.message and verdict.details["compiles"] >= 12, verdict
    # Reaching JAX's listener registry (`jax._src.monitoring`) is on the source screen too: what passed
    # is held for review, with what it found.
    assert _checks(result, "norm")["no_recompilation"].details["found"] == "passed"


def test_an_event_stream_silenced_from_inside_is_a_tripwire() -> None:
    """Pointing the descriptors kept in the instruments' closures at nowhere: the runtime's record of
    its own closures changed, and replies come without their marks."""
    result = grade_path(HOSTILE / "silence_events.py", "jit", QUICK)
    assert any(flag.startswith("instrument-tampered") for flag in result.flags), result.flags
    assert any("event stream broke" in flag for flag in _flags_of(result, "needs-review")), result.flags
    assert not any(check.passed for exercise in result.exercises for check in exercise.checks
                   if check.name != "correctness")


def test_arguments_are_read_by_the_judge_not_echoed_by_the_worker() -> None:
    """`theta -= ...` changes the caller's array; `numpy.ascontiguousarray`, swapped through
    `np.__dict__.update`, would have made an echo of the arguments say otherwise. The judge reads the
    bytes in the memory it shares with the worker, and the swap is a patch with its line."""
    result = grade_path(HOSTILE / "fake_argument_echo.py", "jax-numpy", QUICK)
    update = _checks(result, "update")
    assert update["correctness"].passed
    verdict = update["no_mutation"]
    assert verdict.status is Status.FAILED and "line 28 changes the argument `theta` in place" in verdict.message
    # The source scan now lists `np.__dict__.update(...)`; the dict watcher saw the same line at run time.
    review = _flags_of(result, "needs-review")
    assert any("changes to a library module" in flag and "line 17" in flag for flag in review), review


def test_a_library_patched_where_the_source_scan_does_not_look_is_seen_as_it_happens() -> None:
    """`jax._src.pjit.make_jit` rebound through `operator.setitem(vars(module), ...)`, so `jax.jit(f)` is
    `f`: the dict watcher sees the rebinding with its line, and nothing earns a point but correctness, whose
    outputs the judge compared itself (its NumPy code is right). Until session 33 correctness failed too, by
    accident: the worker made its JAX arguments with `jnp.asarray`, which runs through `jax.jit`."""
    result = grade_path(HOSTILE / "patch_make_jit.py", "jit", QUICK)
    review = _flags_of(result, "needs-review")
    assert any("jax._src.pjit.make_jit rebound" in flag and "line 11" in flag for flag in review), result.flags
    assert not any("patch_make_jit.py, line 10" in flag for flag in review)  # the import itself is ordinary
    assert result.score == points("jit", "norm.correctness", "negatives.correctness")


def test_a_blinded_hash_blinds_nothing_the_fingerprint_uses() -> None:
    """`hashlib.sha1` rebound through `importlib.import_module` (a constant hash): the fingerprint bound
    its own before any student code, so the counter in the closure still shows; the rebinding is a
    patch with its line (seen by the source scan and by the dict watcher), and only correctness keeps
    its points."""
    result = grade_path(HOSTILE / "patch_hashlib.py", "jit", QUICK)
    # The source scan reads `_hashlib` as the module too now; the dict watcher saw the same line run.
    assert any("hashlib.sha1" in flag and "line 11" in flag for flag in _flags_of(result, "needs-review"))
    negatives = _checks(result, "negatives")
    assert negatives["correctness"].passed
    assert negatives["no_globals"].status is Status.FAILED and "`counts`" in negatives["no_globals"].message
    assert result.score == points("jit", "norm.correctness", "negatives.correctness")
