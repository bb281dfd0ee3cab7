"""The compilation cache: filled from the released notebook only, read-only and unlistable for students,
verdict-neutral."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from graders.batch.warmup import warm_assignment
from graders.common.assignments import get_assignment
from graders.common.spec import Call
from graders.judge.checks.base import draw_examples
from graders.judge.grade import GradingOptions, grade_path
from graders.judge.submission import Cell, Submission, read_submission
from graders.judge.supervisor import client
from graders.judge.supervisor.clean_workers import clean_workers
from graders.judge.supervisor.compilation_cache import CompilationCache, default_cache_directory
from graders.judge.supervisor.isolation import SANDBOX_CACHE, Isolation, detect_isolation
from graders.judge.supervisor.session import SubmissionSession

from ..conftest import REPO, SUBMISSIONS, without_timings

needs_sandbox = pytest.mark.skipif(not detect_isolation().full, reason="needs bubblewrap")

_PROBE = '''
import os
CACHE = {cache!r}

def attempt(action):
    try:
        action()
        return "allowed"
    except OSError as error:
        return type(error).__name__

def probe():
    def write():
        with open(os.path.join(CACHE, "planted-cache"), "wb") as handle:
            handle.write(b"poison")
    def read_known():
        with open(os.path.join(CACHE, "known-cache"), "rb") as handle:
            assert handle.read() == b"entry"
    status = open("/proc/self/status").read()
    capabilities = [line.split()[1] for line in status.splitlines() if line.startswith("CapEff")][0]
    return [attempt(lambda: os.listdir(CACHE)), attempt(write), attempt(lambda: os.chmod(CACHE, 0o777)),
            attempt(read_known), capabilities]
'''


def _session(source: str, cache: CompilationCache | None) -> SubmissionSession:
    submission = Submission(Path("probe.py"), "python", (Cell(1, "probe.py", source),))
    session = SubmissionSession(submission, cache=cache)
    session.start()
    return session


@needs_sandbox
def test_a_student_worker_opens_entries_by_name_but_cannot_list_write_or_unlock(tmp_path: Path) -> None:
    cache = CompilationCache.prepared(tmp_path / "cache")
    (cache.directory / "known-cache").write_bytes(b"entry")
    # The worker finds the cache at a fixed path: its host path is nothing a worker reads.
    session = _session(_PROBE.format(cache=SANDBOX_CACHE), cache)
    try:
        listing, writing, unlocking, reading, capabilities = session.call("probe", Call(())).output
    finally:
        session.close()
    assert (listing, writing, unlocking, reading) == ("PermissionError", "OSError", "OSError", "allowed")
    assert int(capabilities, 16) == 0
    assert not (cache.directory / "planted-cache").exists()


_PROGRAM = """
import jax, jax.numpy as jnp
HITS = []
jax.monitoring.register_event_listener(lambda event, **kwargs: \
HITS.append(event == "/jax/compilation_cache/cache_hits"))

def run():
    jax.jit(lambda x: jnp.sin(x) * 3.0 + 1.0)(jnp.arange(7.0)).block_until_ready()
    return sum(HITS)
"""


@needs_sandbox
def test_programs_filled_in_staging_are_found_by_read_only_workers(tmp_path: Path) -> None:
    cache = CompilationCache.prepared(tmp_path / "cache")
    staging = cache.staging()
    filling = _session(_PROGRAM, staging)
    try:
        assert filling.call("run", Call(())).output == 0
    finally:
        filling.close()
    assert cache.publish(staging) > 0
    reading = _session(_PROGRAM, cache)
    try:
        assert reading.call("run", Call(())).output > 0
    finally:
        reading.close()


@needs_sandbox
def test_clean_timing_workers_keep_a_cache_of_their_own_that_no_student_worker_reads(tmp_path: Path) -> None:
    # The formula's programs are the same for every submission: a clean worker compiles them once into
    # its own cache beside the students' one, and the next clean worker reads them there. The timing
    # shape is the grader's, so none of it reaches the cache a student worker mounts.
    cache = CompilationCache.prepared(tmp_path / "cache")
    clean = cache.for_clean_workers()
    formula = "def eager_norm(X):\n    return (X - X.mean(0)) / X.std(0)\n"
    clean_workers.use_cache(clean)
    try:
        clean_workers.ready(formula, "eager_norm", lambda platform: (16, 4))
    finally:
        clean_workers.use_cache(None)  # stops it, so that what it wrote is complete
    assert any(clean.directory.iterdir()) and clean.directory.parent == cache.directory.parent
    assert not any(entry.name.endswith("-cache") for entry in cache.directory.iterdir())
    clean_workers.use_cache(clean)
    try:
        assert clean_workers.ready(formula, "eager_norm", lambda platform: (16, 4)).cache == clean
    finally:
        clean_workers.use_cache(None)


def test_without_the_sandbox_a_worker_gets_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "detect_isolation", lambda: Isolation("process", "test"))
    cache = CompilationCache.prepared(tmp_path / "cache")
    assert client.WorkerProcess(cache=cache).cache is None


def test_filled_entries_appear_whole_and_never_replace_existing_ones(tmp_path: Path) -> None:
    cache = CompilationCache.prepared(tmp_path / "cache")
    (cache.directory / "old-cache").write_bytes(b"kept")
    staging = cache.staging()
    assert staging.writable and staging.directory.parent == cache.directory
    (staging.directory / "old-cache").write_bytes(b"replacement")
    (staging.directory / "new-cache").write_bytes(b"new")
    assert cache.publish(staging) == 1
    assert (cache.directory / "old-cache").read_bytes() == b"kept"
    assert (cache.directory / "new-cache").read_bytes() == b"new"
    assert not staging.directory.exists()


def test_the_cache_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JAXGRADE_CACHE_DIR", "off")
    assert default_cache_directory() is None and GradingOptions().compilation_cache() is None
    monkeypatch.setenv("JAXGRADE_CACHE_DIR", "/somewhere/xla")
    assert default_cache_directory() == "/somewhere/xla"
    monkeypatch.delenv("JAXGRADE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "/home/ta/.cache")
    assert default_cache_directory() == "/home/ta/.cache/jaxgrade/xla"


@needs_sandbox
@pytest.mark.parametrize("path", [REPO / "samples" / "jit" / "doyun.ipynb", SUBMISSIONS / "jit" / "faulty_a.py"],
                         ids=["sample", "faulty"])
def test_a_warm_cache_changes_no_status_score_message_or_compile_count(tmp_path: Path, path: Path) -> None:
    warm = GradingOptions(lang="en", cache_directory=str(tmp_path / "cache"))
    assert warm_assignment(get_assignment("jit"), warm).status == "filled"
    assert warm_assignment(get_assignment("jit"), warm).status == "warm"
    cold = GradingOptions(lang="en", cache_directory=None)
    reports = [without_timings(grade_path(path, "jit", options)) for options in (cold, warm)]
    assert reports[0] == reports[1]
    assert sum(exercise["stats"]["compiles"] for exercise in json.loads(reports[1])[0]["exercises"]) > 0


def test_the_judge_caches_its_own_compilations_where_no_worker_looks(tmp_path: Path) -> None:
    shared = tmp_path / "xla"
    script = ("import sys, jax, jax.numpy as jnp\n"
              "from graders.judge.supervisor.compilation_cache import use_in_judge\n"
              "use_in_judge(sys.argv[1])\n"
              "jax.jit(lambda x: x * 3 + 1)(jnp.ones(3)).block_until_ready()\n")
    subprocess.run([sys.executable, "-c", script, str(shared)], check=True)
    judge = tmp_path / "xla-judge"
    assert any(judge.iterdir()) and oct(judge.stat().st_mode & 0o777) == "0o700"
    assert not shared.exists()


_CACHE_EVENTS = """
import jax
CACHE_EVENTS = []
jax.monitoring.register_event_listener(lambda event, **kwargs: CACHE_EVENTS.append(event))

def cache_events():
    # JAX records a miss only when it writes the entry, which a reading worker never does.
    return [sum(event == "/jax/compilation_cache/" + kind for event in CACHE_EVENTS)
            for kind in ("compile_requests_use_cache", "cache_hits")]
"""


@needs_sandbox
def test_warm_fills_what_the_notebooks_own_cells_compile(tmp_path: Path) -> None:
    # Every student's copy keeps the notebook's demonstrations and self-checks: after `jaxgrade warm`
    # a worker running them compiles nothing the cache does not hold.
    warm = GradingOptions(lang="en", cache_directory=str(tmp_path / "cache"))
    outcome = warm_assignment(get_assignment("jit"), warm)
    assert outcome.status == "filled" and "from the cells of jit.ipynb" in outcome.detail
    notebook = read_submission(REPO / "release" / "jit" / "jit.ipynb")
    cells = (Cell(0, "events.py", _CACHE_EVENTS), *notebook.cells)
    session = SubmissionSession(Submission(notebook.path, notebook.kind, cells), cache=warm.compilation_cache())
    try:
        session.start()
        requests, hits = session.call("cache_events", Call(())).output
    finally:
        session.close()
    print(f"the notebook's cells after warm: {hits} of {requests} programs from the cache")
    assert requests > 0 and hits == requests


@needs_sandbox
def test_warm_fills_what_every_student_worker_compiles_to_time_the_public_formula(tmp_path: Path) -> None:
    # The timed inputs' generator and the formula under jit, at the shape of every verdict's message: public
    # programs each student's worker compiled at every grading (0.19 s of a `jit` grading), read now.
    warm = GradingOptions(lang="en", cache_directory=str(tmp_path / "cache"))
    assert warm_assignment(get_assignment("jit"), warm).status == "filled"
    norm = next(exercise for exercise in get_assignment("jit").exercises if exercise.name == "norm")
    spec = norm.options["jit_speedup"]
    _, profile = spec.profile_for("cpu")
    session = _session(_CACHE_EVENTS, warm.compilation_cache())
    try:
        before = session.call("cache_events", Call(())).output
        session.define_formula(spec.baseline_source, spec.baseline_name)
        session.timed_run("jit", "norm", profile.shape, [1, 2], measure=False)
        after = session.call("cache_events", Call(())).output
    finally:
        session.close()
    requests, hits = after[0] - before[0], after[1] - before[1]
    assert requests >= 2 and hits == requests, (requests, hits)


_REFERENCE_EVENTS = _CACHE_EVENTS + """
import numpy as np
from solutions_copy import norm

def reference_hits(shapes):
    before = cache_events()
    for shape in shapes:
        jax.jit(norm)(np.ones(shape, np.float32)).block_until_ready()
    after = cache_events()
    return [after[0] - before[0], after[1] - before[1]]
"""


@needs_sandbox
def test_nothing_the_references_compile_is_in_the_cache_students_read(tmp_path: Path) -> None:
    # A cache hit is visible from inside a worker (a clock, JAX's DEBUG log). The reference jitted whole, at
    # the shapes of the hidden inputs, is what the cache held when `jaxgrade warm` graded the references:
    # a student whose program was exactly the reference's learned so. Now every one is a miss.
    warm = GradingOptions(lang="en", cache_directory=str(tmp_path / "cache"))
    assert warm_assignment(get_assignment("jit"), warm).status == "filled"
    norm = next(exercise for exercise in get_assignment("jit").exercises if exercise.name == "norm")
    shapes = sorted({tuple(np.shape(call.args[0])) for check in ("correctness", "jit")
                     for call in draw_examples(norm, 12, check)})
    reference = (REPO / "solutions" / "jit.py").read_text(encoding="utf-8")
    session = _session(_REFERENCE_EVENTS.replace("from solutions_copy import norm", reference),
                       warm.compilation_cache())
    try:
        requests, hits = session.call("reference_hits", Call(([list(shape) for shape in shapes],))).output
    finally:
        session.close()
    assert requests >= len(shapes) > 1 and hits == 0, (shapes, requests, hits)
    # Which assignments were filled, and by which code, is kept where no worker looks.
    assert not any(entry.name.startswith(".warm") for entry in (tmp_path / "cache").iterdir())
    assert any((tmp_path / "cache-stamps").iterdir())
