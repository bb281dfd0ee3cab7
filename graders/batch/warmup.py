"""Fill the compilation cache: the cells of an assignment's released notebook, and its public timing programs.

Student workers read the cache, and a student can tell a cache hit from a compilation (a clock, or
JAX's logger at DEBUG). So only public programs go in. First what the notebook every student received
(`release/<name>/<name>.ipynb`) compiles when its cells run: its demonstrations and self-checks, the
same in every student's copy. They were most of what a warm service still compiled per notebook
(0.26 s of a 1.72 s grading, session 22). Then what every student's worker compiles to time the
exercise's public formula: the timed inputs' generator and the formula under `jit` (0.19 s of a `jit`
grading, session 33). Nothing compiled from a reference solution, the unreleased notebook or the hidden
inputs is ever written there (issue #49). A stamp, kept where no worker looks, records which assignment
was filled by which code, so a batch fills it once.
"""

from __future__ import annotations

import enum
import inspect
import os
import time
from dataclasses import dataclass
from pathlib import Path

from graders.common.spec import Assignment
from graders.judge.options import GradingOptions
from graders.judge.submission import Cell, Submission, SubmissionError, read_submission
from graders.judge.supervisor.client import WorkerLost
from graders.judge.supervisor.compilation_cache import CompilationCache, fingerprint
from graders.judge.supervisor.isolation import accelerator_present, detect_isolation
from graders.judge.supervisor.session import SubmissionSession

__all__ = ["Warmup", "WarmupStatus", "warm_assignment"]

# The `graders` package: this file is graders/batch/warmup.py.
_PACKAGE = Path(__file__).resolve().parent.parent
# What decides which programs grading compiles: the specs, the checks, the probes on both sides.
_SOURCES = ("judge/catalogue", "judge/checks", "judge/strategies.py", "worker", "both_sides")


class WarmupStatus(enum.StrEnum):
    """How filling the compilation cache for an assignment ended."""

    FILLED = "filled"
    WARM = "warm"  # already filled for this code and these versions
    OFF = "off"  # JAXGRADE_CACHE_DIR=off
    UNAVAILABLE = "unavailable"  # no sandbox, or no reference sources to key it by
    FAILED = "failed"


@dataclass(frozen=True)
class Warmup:
    assignment: str
    status: WarmupStatus
    seconds: float = 0.0
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status is not WarmupStatus.FAILED

    def describe(self) -> str:
        text = {
            "filled": f"filled the compilation cache in {self.seconds:.1f} s",
            "warm": "the compilation cache is already warm",
            "off": "the compilation cache is off",
            "unavailable": "no compilation cache",
            "failed": "the compilation cache was not filled",
        }[self.status]
        return f"{self.assignment}: {text}" + (f" ({self.detail})" if self.detail else "")


def warm_assignment(assignment: Assignment, options: GradingOptions | None = None) -> Warmup:
    """Grade the references of `assignment` with a writable cache, unless it is warm already."""
    options = options or GradingOptions()
    if options.cache_directory is None:
        return Warmup(assignment.name, WarmupStatus.OFF, detail="JAXGRADE_CACHE_DIR=off")
    isolation = detect_isolation()
    if not isolation.full:
        return Warmup(assignment.name, WarmupStatus.UNAVAILABLE, detail=f"it needs the sandbox: {isolation.reason}")
    cache = CompilationCache.prepared(options.cache_directory)
    references = _reference_files(assignment)
    notebook = _released_notebook(assignment.name, references)
    if notebook is None:
        return Warmup(assignment.name, WarmupStatus.UNAVAILABLE, detail="it has no released notebook to run")
    stamp = fingerprint(assignment.name, _fingerprint_parts([notebook]))
    if cache.is_warm(stamp):
        return Warmup(assignment.name, WarmupStatus.WARM)
    started = time.monotonic()
    staging = cache.staging()
    try:
        _run_cells(notebook, assignment, options, staging)
    except (WorkerLost, OSError) as error:
        cache.discard(staging)
        return Warmup(assignment.name, WarmupStatus.FAILED, time.monotonic() - started,
                      f"the worker could not start: {error}")
    except BaseException:
        cache.discard(staging)
        raise
    seconds = time.monotonic() - started
    added = cache.publish(staging)
    cache.mark_warm(stamp)
    return Warmup(assignment.name, WarmupStatus.FILLED, seconds, f"{added} programs, from the cells of {notebook.name}")


def _released_notebook(name: str, references: list[Path]) -> Path | None:
    """The notebook students received, `release/<name>/<name>.ipynb` in the course beside the references'
    `solutions/`: public, so what it compiles may be seen from any worker."""
    for reference in references:
        candidate = reference.parent.parent / "release" / name / f"{name}.ipynb"
        if candidate.is_file():
            return candidate
    return None


def _run_cells(notebook: Path, assignment: Assignment, options: GradingOptions, staging: CompilationCache) -> None:
    """Run the notebook's cells in a filling worker: what they compile goes into `staging`. A cell
    that fails is for `jaxgrade course check` to report; the programs before it are kept. Then the
    same worker compiles what every student's worker compiles to time the public formula."""
    try:
        submission = read_submission(notebook)
    except SubmissionError:
        return
    session = SubmissionSession(submission, options.limits, staging)
    try:
        session.start()
        _compile_public_timing(session, assignment)
    finally:
        session.close()


def _compile_public_timing(session: SubmissionSession, assignment: Assignment) -> None:
    """The programs `jit_speedup` compiles in every student's worker besides the student's own: the timed
    inputs' generator and the exercise's formula under `jax.jit`, at the shape this machine times with.
    Both are public: the formula is in the exercise's statement, the shape in every verdict, the generator in
    the grader's code. Compiling them took 0.19 s of each `jit` grading (threefry's normal alone 0.15 s)."""
    platform = "accelerator" if accelerator_present() else "cpu"
    for exercise in assignment.exercises:
        spec = exercise.options.get("jit_speedup")
        if spec is None:
            continue
        _, profile = spec.profile_for(platform)
        session.define_formula(spec.baseline_source, spec.baseline_name)
        session.timed_run("jit", exercise.name, profile.shape, [0], measure=False, commitment=profile.commitment)


def _as_submission(references: list[Path]) -> Submission:
    return Submission(references[0], "python", tuple(Cell(index, path.name, path.read_text(encoding="utf-8"))
                                                     for index, path in enumerate(references, start=1)))


def reference_submission(assignment: Assignment) -> Submission | None:
    """The references of `assignment` as one Python submission (a judge grades it to warm up); None without files."""
    references = _reference_files(assignment)
    return _as_submission(references) if references else None


def _reference_files(assignment: Assignment) -> list[Path]:
    files: list[Path] = []
    for exercise in assignment.exercises:
        source = inspect.getsourcefile(inspect.unwrap(exercise.reference))
        if source is not None and Path(source) not in files:
            files.append(Path(source))
    return files


def _fingerprint_parts(references: list[Path]) -> list[str | bytes]:
    import jax
    import jaxlib.version

    parts: list[str | bytes] = [jax.__version__, jaxlib.version.__version__, os.environ.get("XLA_FLAGS", ""),
                                "accelerator" if accelerator_present() else "cpu"]
    sources = list(references)
    for name in _SOURCES:
        path = _PACKAGE / name
        sources.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    for path in sources:
        parts += [str(path.relative_to(path.parent.parent)), path.read_bytes()]
    return parts
