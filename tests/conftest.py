"""Shared test set-up: the one hypothesis profile, a private compilation cache, cached grading, and
each test's kind (tests/README.md says which kind a new test is and where it goes).

Grading a submission starts a worker and compiles JAX code, so each
(submission, assignment, language) is graded once per test session and the
frozen result is shared by every test that reads it. The session has its own
compilation cache, warmed the way `jaxgrade warm` does it for a course before
the first test that grades; `unit` tests never pay for it (`make test-fast` runs
the unit tests alone). The course's catalogue is loaded once, explicitly, before
collection: test modules name its assignments as they are imported.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from graders.common.results import SubmissionResult
from graders.judge.supervisor.compilation_cache import CACHE_ENVIRONMENT_VARIABLE
from graders.reports import render_json

from .hostile_mechanisms import mechanism_of

# Set before any GradingOptions exists, and inherited by every jaxgrade and nbgrader the tests run.
_SESSION_CACHE = tempfile.mkdtemp(prefix="jaxgrade-test-cache-")
os.environ[CACHE_ENVIRONMENT_VARIABLE] = _SESSION_CACHE

settings.register_profile(
    "jaxgrade-tests",
    database=None,
    deadline=None,
    derandomize=True,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("jaxgrade-tests")

REPO = Path(__file__).resolve().parent.parent
SUBMISSIONS = REPO / "tests" / "submissions"


def max_score(assignment: str, exercise: str | None = None) -> float:
    """An assignment's (or one exercise's) total, from its spec: tests never hard-code totals."""
    from graders.common.assignments import get_assignment

    spec = get_assignment(assignment)
    if exercise is None:
        return spec.max_score
    return next(e.max_score for e in spec.exercises if e.name == exercise)


def points(assignment: str, *keys: str) -> float:
    """The points of "exercise.check" keys, summed, from the assignment's spec."""
    from graders.common.assignments import get_assignment

    spec = {e.name: e for e in get_assignment(assignment).exercises}
    return float(sum(spec[key.split(".")[0]].points[key.split(".")[1]] for key in keys))


def grade_cells(assignment: str, **scores: float) -> dict[str, float]:
    """Each grade cell's score for a notebook that answers only the exercises named: the rest (an
    exercise added after the test was written included) keep their stub, which scores 0."""
    from graders.common.assignments import get_assignment

    exercises = get_assignment(assignment).exercises
    return {f"grade_{exercise.name}": scores.get(exercise.name, 0.0) for exercise in exercises}


def without_timings(result: SubmissionResult) -> str:
    """The JSON report with its timing fields (`TIMING_FIELDS`) removed: what must never change on a regrade."""
    data = json.loads(render_json([result]))
    for report in data:
        report.pop("seconds")
        for exercise in report["exercises"]:
            exercise.pop("seconds")
            for check in exercise["checks"]:
                check.pop("timings")
    return json.dumps(data, sort_keys=True)


def golden_report(result: SubmissionResult) -> str:
    """The JSON report without what may differ between two gradings (timings and the machine),
    with paths relative to the repository: the form of the files in tests/golden/.

    A check declared non-deterministic (`jit_speedup`) keeps only its name and its maximum: it
    measures this machine, and on a GPU host or a loaded one may decide otherwise with no fault
    in the code; its points leave the scores with it. Its own tests assert it.
    """
    import graders.judge.checks  # noqa: F401 - each check registers itself: asked which are deterministic
    from graders.common.registry import get_check

    [report] = json.loads(render_json([result]))
    for field in ("seconds", "environment"):
        report.pop(field)
    for exercise in report["exercises"]:
        exercise.pop("seconds")
        for check in exercise["checks"]:
            check.pop("timings")
            check["message"] = _machine_free(check["message"])
            if not get_check(check["name"]).deterministic:
                points = check.pop("score")
                exercise["score"] = round(exercise["score"] - points, 6)
                report["score"] = round(report["score"] - points, 6)
                for field in ("status", "message", "details"):
                    check.pop(field)
                check["measured_on_this_machine"] = True
    text = json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    return text.replace(str(REPO) + "/", "")


# A decimal number in a message: what the student's code computed is printed there, and the last float32 digit
# of a reduction differs between processors (XLA vectorises it for AVX-512 on one machine, AVX2 on another).
_DECIMAL = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")


def _machine_free(message: str) -> str:
    """`message` with every decimal number to 4 significant digits: the same on every processor."""
    return _DECIMAL.sub(lambda match: f"{float(match.group()):.4g}", message)


def golden_file(path: str) -> Path:
    """Where the recorded report of the corpus submission at `path` (relative to the repository) lives."""
    return REPO / "tests" / "golden" / (re.sub(r"[^A-Za-z0-9_.-]+", "__", path) + ".json")


@functools.cache
def _grade_cached(path: str, assignment: str, lang: str) -> SubmissionResult:
    from graders.judge.grade import GradingOptions, grade_path

    return grade_path(path, assignment, GradingOptions(lang=lang))


@pytest.fixture(scope="session")
def graded():
    """graded(path, assignment, lang="en") -> SubmissionResult, graded once per session."""

    def grade(path: str | Path, assignment: str, lang: str = "en") -> SubmissionResult:
        return _grade_cached(str(Path(path).resolve()), assignment, lang)

    return grade


# The corpus files this session's tests will ask `regraded` for, by assignment, in collection order
# (`pytest_collection_finish`): the first asked for grades them all in one `jaxgrade grade` run.
_REGRADE_BATCHES: dict[str, list[str]] = {}
_REGRADED: dict[tuple[str, str], SubmissionResult] = {}


def _regraded_cached(path: str, assignment: str) -> SubmissionResult:
    if (path, assignment) not in _REGRADED:
        batch = _REGRADE_BATCHES.get(assignment, [])
        _REGRADED.update(_jaxgrade_grade(batch if path in batch else [path], assignment))
    return _REGRADED[path, assignment]


def _jaxgrade_grade(paths: list[str], assignment: str) -> dict[tuple[str, str], SubmissionResult]:
    """`jaxgrade grade --format json` of `paths` in one process of its own: one judge grading the files in turn,
    the next file's worker starting while one is graded, as an instructor regrades a class."""
    import subprocess

    from graders.common.results import SubmissionResult, result_from_dict

    jaxgrade = str(Path(sys.executable).with_name("jaxgrade"))
    completed = subprocess.run([jaxgrade, "grade", "--lang", "en", "--format", "json", "--assignment", assignment,
                                *paths], capture_output=True, text=True, timeout=600 + 60 * len(paths), cwd=REPO)
    assert completed.returncode == 0, completed.stderr[-2000:]
    results: dict[tuple[str, str], SubmissionResult] = {}
    for path, report in zip(paths, json.loads(completed.stdout), strict=True):
        result = result_from_dict(report)
        assert isinstance(result, SubmissionResult), report
        results[path, assignment] = result
    return results


@pytest.fixture(scope="session")
def regraded():
    """regraded(path, assignment) -> SubmissionResult, from `jaxgrade grade --format json` in a process of
    its own, as an instructor regrades: once per session for every test that reads it (`_SHARED_UNITS`), the
    corpus cases of an assignment all in the run that grades the first one asked for."""

    def grade(path: str | Path, assignment: str) -> SubmissionResult:
        return _regraded_cached(str(Path(path).resolve()), assignment)

    return grade


def pytest_collection_finish(session: pytest.Session) -> None:
    for item in session.items:
        case = getattr(getattr(item, "callspec", None), "params", {}).get("case")
        if case is not None and "regraded" in getattr(item, "fixturenames", ()):
            batch = _REGRADE_BATCHES.setdefault(case.assignment, [])
            path = str((REPO / case.path).resolve())
            if path not in batch:
                batch.append(path)


@pytest.fixture(scope="session")
def warm_compilation_cache() -> None:
    """The session's cache, filled from the references once, as `jaxgrade warm` does for a course."""
    # A fixture rather than a session hook: hypothesis may draw examples only once collection is over.
    from graders.batch.warmup import warm_assignment
    from graders.common.assignments import assignments

    for assignment in assignments().values():
        outcome = warm_assignment(assignment)
        assert outcome.ok, outcome.describe()


@pytest.fixture(autouse=True)
def _warm_before_grading(request: pytest.FixtureRequest) -> None:
    # Grading is correct with a cold cache too (a test compares them); warm is only faster.
    if request.node.get_closest_marker("unit") is None:
        request.getfixturevalue("warm_compilation_cache")


def pytest_configure(config: pytest.Config) -> None:
    from graders.judge.catalogue import load

    load()


# ------------------------------------------------------------------ kinds of test
# A test's kind is its folder: tests/unit/, tests/worker/, tests/e2e/, tests/timing/ (tests/README.md says what
# each may do). A kind marker of its own that disagrees with its folder is refused: move the test instead.
KINDS = ("unit", "worker", "timing", "e2e")


def _kind_of(item: pytest.Item) -> str | None:
    place = Path(str(item.fspath)).resolve().relative_to(REPO / "tests").parts
    return place[0] if len(place) > 1 and place[0] in KINDS else None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--assignment", default=None, metavar="NAME",
                     help="only the cases of this assignment, where a test is parametrized by case "
                          "(`make exercise-check ASSIGNMENT=NAME`)")


def _other_assignment(item: pytest.Item, chosen: str) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return any(isinstance(getattr(value, "assignment", None), str) and value.assignment != chosen
               for value in params.values())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = config.getoption("assignment")
    if chosen is not None:
        from graders.judge.catalogue import load

        if chosen not in load():
            raise pytest.UsageError(f"--assignment {chosen!r}: no such assignment; choose one of {sorted(load())}")
        deselected = [item for item in items if _other_assignment(item, chosen)]
        items[:] = [item for item in items if not _other_assignment(item, chosen)]
        config.hook.pytest_deselected(items=deselected)
    for item in items:
        kind = _kind_of(item)
        if kind is None:
            raise pytest.UsageError(f"{item.nodeid}: a test lives in one of tests/{{{','.join(KINDS)}}}/, "
                                    "the folder of its kind (tests/README.md)")
        claimed = [other for other in KINDS if other != kind and item.get_closest_marker(other)]
        if claimed:
            raise pytest.UsageError(f"{item.nodeid} is marked {claimed[0]} but lives in tests/{kind}/: "
                                    f"move it to tests/{claimed[0]}/ (its folder is its kind)")
        item.add_marker(kind)
        _mark_mechanism(item)


def _mark_mechanism(item: pytest.Item) -> None:
    """A hostile test's mechanism as a keyword (`-k jax_internals` runs it across every round) and a mark."""
    found = mechanism_of(item.path.name, getattr(getattr(item, "callspec", None), "params", {}))
    if found is not None:
        mechanism, round_name = found
        item.extra_keyword_matches.add(mechanism)
        item.add_marker(pytest.mark.hostile(mechanism=mechanism, round=round_name))


# A unit test never starts a worker: one that does (itself or through a fixture it asks for) fails, and
# says where it belongs. Installed before the test's fixtures are set up, removed after its teardown.
_REAL_SPAWN: list[Any] = []


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("unit") is None:
        return
    from graders.judge.supervisor.client import WorkerProcess

    def refuse(self: object) -> None:
        raise AssertionError(f"{item.nodeid} is a unit test and started a worker: move it to tests/worker/ "
                             "(tests/README.md)")

    _REAL_SPAWN.append(WorkerProcess.spawn)
    WorkerProcess.spawn = refuse  # type: ignore[method-assign]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    if _REAL_SPAWN:
        from graders.judge.supervisor.client import WorkerProcess

        WorkerProcess.spawn = _REAL_SPAWN.pop()  # type: ignore[method-assign]


# Test files that read the same gradings, kept in one xdist unit so that each file is graded once for all
# of them (`regraded`): the corpus's expectations and its recorded reports are two readings of one grade.
_SHARED_UNITS = {"tests/worker/test_corpus.py": "tests/worker/test_golden.py"}
# Each test file's seconds in a clean clone's run (tests/durations.json, `python -m tests.durations JUNIT`):
# only the order files start in, longest first, so that no long file starts last and runs alone. A file
# missing from it is guessed at from its test count; a stale entry costs minutes of wall time, never a verdict.
_DURATIONS = REPO / "tests" / "durations.json"
_GUESSED_SECONDS_PER_TEST = 0.5


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadfile`, with the files of `_SHARED_UNITS` scheduled as one unit, the longest first."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    seconds: dict[str, float] = json.loads(_DURATIONS.read_text(encoding="utf-8")) if _DURATIONS.exists() else {}

    def cost(scope: str, tests: int) -> float:
        files = [scope, *(shared for shared, unit in _SHARED_UNITS.items() if unit == scope)]
        known = [seconds[file] for file in files if file in seconds]
        return sum(known) if known else tests * _GUESSED_SECONDS_PER_TEST

    class LongestFirstScheduling(LoadFileScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return _SHARED_UNITS.get(scope, scope)

        def _assign_work_unit(self, node: Any) -> None:
            # xdist orders units by test count, which puts the longest files (one test each) last.
            if not self.ordered:
                units = sorted(self.workqueue.items(), key=lambda unit: -cost(unit[0], len(unit[1])))
                self.workqueue.clear()
                self.workqueue.update(units)
                self.ordered = True
            super()._assign_work_unit(node)

    return LongestFirstScheduling(config, log)  # type: ignore[arg-type]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    rounds = sys.modules.get("tests.hostile_round")
    if rounds is not None:
        rounds.close_warm_judges()  # before their cache goes
    os.chmod(_SESSION_CACHE, 0o700)  # the cache directory is not listable, so not removable, until then
    shutil.rmtree(_SESSION_CACHE, ignore_errors=True)
    shutil.rmtree(f"{_SESSION_CACHE}-judge", ignore_errors=True)
