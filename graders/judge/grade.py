"""The trusted judge: grade one submission against one assignment.

The judge owns the reference solutions, the generated inputs, every
comparison and the score. Student code exists only in the worker process the
session talks to; from there only plain data comes back.
"""

from __future__ import annotations

import ast
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from graders.common.assignments import get_assignment
from graders.common.format import first_sentence, format_call, same_cause
from graders.common.i18n import t
from graders.common.libraries import listed_libraries
from graders.common.registry import get_check
from graders.common.results import CheckResult, ExerciseResult, Status, SubmissionResult
from graders.common.spec import Assignment, Exercise

from .cascade import name_cascades
from .catalogue import load as load_catalogue
from .checks.base import CheckContext, Verdict, draw_examples, prepare_unseen
from .explain import removed_api_hint
from .flags import Flag, raise_flag
from .options import GradingOptions
from .review import review_entries, review_flags, review_reasons, withhold_for_review
from .source import ParsedCell, find_tripwires, parse_cells
from .source.parsed import raise_statement_at
from .submission import Submission, read_submission
from .supervisor.clean_workers import clean_workers
from .supervisor.client import ProbeFailed, ReplyUnsendable, WorkerLost
from .supervisor.compilation_cache import CompilationCache
from .supervisor.replies import CellOutcome
from .supervisor.session import InstrumentTampered, SubmissionSession

__all__ = ["GradingOptions", "grade_path", "grade_submission", "likely_assignment"]


def grade_path(path: str | Path, assignment: str, options: GradingOptions | None = None) -> SubmissionResult:
    """Read and grade one file. Raises SubmissionError or UnknownAssignment for bad input."""
    load_catalogue()
    spec = get_assignment(assignment)
    return grade_submission(read_submission(path), spec, options or GradingOptions())


def grade_submission(submission: Submission, assignment: Assignment, options: GradingOptions | None = None,
                     session: SubmissionSession | None = None) -> SubmissionResult:
    """Grade one submission. A `session` already begun (see `SubmissionSession.begin`) is used as it is.

    Nothing process-wide changes; a program that grades many submissions calls
    `graders.batch.host.prepare_grading_process` once, for speed.
    """
    options = options or GradingOptions()
    started = time.monotonic()
    if session is None:
        session = SubmissionSession(submission, options.limits, options.compilation_cache())
        session.begin()
    # Read while the worker loads: the source is the one thing here no student process can speak for.
    source = parse_cells(submission)
    tripwires = find_tripwires(source)
    grading = _Grading(submission, assignment, session, options, started + options.submission_seconds, source)
    flags = _Flags()
    likely = likely_assignment(submission, assignment)
    if likely is not None:
        flags.add(raise_flag("other_assignment", options.lang, given=assignment.name, likely=likely))
    exercises: list[ExerciseResult] = []
    deferred: list[_Deferred] = []
    startup_failure: WorkerLost | None = None
    try:
        try:
            session.await_hello()
        except WorkerLost as lost:
            startup_failure = lost
        # Helpers a check needs (a clean timing worker) start once the worker has imported JAX, so
        # three processes do not import it at once; they import while the cells run, when the judge
        # only waits, and the timing checks run last, by which time they are warm.
        _prepare_checks(assignment, session.cache, submission)
        if startup_failure is None:
            try:
                session.finish_start()
            except WorkerLost as lost:
                startup_failure = lost
        flags.add(*_cell_flags(session, options.lang))
        for exercise in assignment.exercises:
            if startup_failure is not None:
                exercises.append(_not_loaded(exercise, assignment, startup_failure, options, submission.unit))
            elif time.monotonic() >= grading.deadline:
                message = t("exercise.time_limit", options.lang, seconds=f"{options.submission_seconds:g}")
                exercises.append(_uniform(exercise, Status.SKIPPED, message))
            else:
                try:
                    session.ensure_running()
                except WorkerLost as lost:
                    startup_failure = lost
                    exercises.append(_uniform(exercise, Status.FAILED, _lost_message(lost, None, None, options)))
                    continue
                judged = _grade_exercise(grading, exercise)
                exercises.append(judged.result)
                deferred += judged.deferred
                flags.add_once(*judged.flags)
        exercises, deferred_flags = _run_deferred(grading, deferred, exercises)
        flags.add_once(*deferred_flags)
    finally:
        session.close()
    exercises = list(name_cascades(exercises, source, submission, options.lang))
    reasons = review_reasons(tripwires, session.audit_events, session.channel_breaches, session.library_changes,
                             source)
    review = review_entries(reasons, submission, options.lang)
    if reasons:
        flags.add(*review_flags(reasons, submission, options.lang))
        exercises = list(withhold_for_review(exercises, reasons, submission, options.lang))
    if session.starts > 1:
        flags.add(raise_flag("worker_restarted", options.lang, count=session.starts - 1))
    isolation = session.isolation
    if not isolation.full:
        flags.add(raise_flag("less_isolated", options.lang, reason=isolation.reason))
    info = session.info
    environment = (
        {"python": info.python, "jax": info.jax, "backend": info.platform, "device": info.device} if info else {}
    )
    environment["isolation"] = isolation.kind
    return SubmissionResult(
        submission=str(submission.path),
        assignment=assignment.name,
        exercises=tuple(exercises),
        flags=tuple(flag.text for flag in flags.in_order()),
        flag_codes=tuple(flag.code for flag in flags.in_order()),
        environment=environment,
        student_output=session.student_output(),
        seconds=round(time.monotonic() - started, 3),
        review=review,
    )


def likely_assignment(submission: Submission, assignment: Assignment) -> str | None:
    """Another assignment the submission seems to be for, when it defines none of `assignment`'s
    functions but some of another's (by name, or by nbgrader's cell ids); else None."""
    names = submission.names()
    if any(exercise.name in names for exercise in assignment.exercises):
        return None
    overlap = {name: sum(exercise.name in names for exercise in other.exercises)
               for name, other in load_catalogue().items() if name != assignment.name}
    best = max(sorted(overlap), key=lambda name: overlap[name], default=None)
    return best if best is not None and overlap[best] > 0 else None


def _prepare_checks(assignment: Assignment, cache: CompilationCache | None, submission: Submission) -> None:
    """Let checks start what they need (a clean timing worker, with the cache of its own beside the one
    the submission's worker reads) and draw their examples, and this submission's unseen ones, while the
    submission's cells run."""
    clean_workers.use_cache(cache.for_clean_workers() if cache is not None else None)
    for exercise in assignment.exercises:
        draw_examples(exercise, 1, "probe")  # what `_unusable_reason` calls it with first
        for check in exercise.points:
            entry = get_check(check)
            if entry.prepare is not None:
                entry.prepare(exercise)
        prepare_unseen(submission, exercise)


@dataclass(frozen=True)
class _Grading:
    """One submission's grading, as each step below reads it: what is graded, by which worker, with
    which options, until when, and the source as the judge parsed it."""

    submission: Submission
    assignment: Assignment
    session: SubmissionSession
    options: GradingOptions
    deadline: float  # the submission's, on the monotonic clock
    source: tuple[ParsedCell, ...]

    def context(self, exercise: Exercise) -> CheckContext:
        """What a check of `exercise` reads, with the exercise's own deadline from now."""
        options = self.options
        return CheckContext(
            exercise=exercise,
            session=self.session,
            lang=options.lang,
            deadline=min(time.monotonic() + options.exercise_seconds, self.deadline),
            call_seconds=options.call_seconds,
            exercise_seconds=options.exercise_seconds,
            source=self.source,
        )


class _Flags:
    """The submission's notes for the instructor, in the order they were raised. A note a check raises
    (`Verdict.flags`) is kept once however many checks raise it: every check an instrument's tampering
    spoils says so, and the instructor reads it once."""

    def __init__(self) -> None:
        self._flags: list[Flag] = []

    def add(self, *flags: Flag) -> None:
        self._flags += flags

    def add_once(self, *flags: Flag) -> None:
        self._flags += [flag for flag in dict.fromkeys(flags) if flag not in self._flags]

    def in_order(self) -> tuple[Flag, ...]:
        return tuple(self._flags)


@dataclass(frozen=True)
class _FailedGate:
    """The gate check an exercise failed (`correctness`), and what it said: the checks after it are
    withheld, and say only what it did not."""

    name: str
    message: str


@dataclass(frozen=True)
class _Deferred:
    """A check held back to the end of the submission (timing, or one that runs last), and where its result
    goes."""

    exercise: Exercise
    position: int
    check: str
    points: float
    gate_failed: _FailedGate | None


@dataclass(frozen=True)
class _Judged:
    """One exercise judged: its result, the notes its checks raised, and the timing checks held back."""

    result: ExerciseResult
    flags: tuple[Flag, ...] = ()
    deferred: tuple[_Deferred, ...] = ()


def _grade_exercise(grading: _Grading, exercise: Exercise) -> _Judged:
    session = grading.session
    started, starts = time.monotonic(), session.starts
    try:
        before = session.compile_counts()
    except (WorkerLost, InstrumentTampered):
        before = None
    judged = _judge_exercise(grading, exercise)
    session.check_channel()
    try:
        session.library_checkpoint()
    except (WorkerLost, InstrumentTampered, ProbeFailed):
        pass  # a worker lost or tampered with is already a verdict; the next exercise starts a fresh one
    stats: dict[str, Any] = {"examples": sum(int(c.details.get("examples", 0)) for c in judged.result.checks)}
    after = None
    if before is not None and session.starts == starts and session.worker is not None and session.worker.alive:
        try:
            after = session.compile_counts()
        except (WorkerLost, InstrumentTampered):
            after = None
    stats["compiles"] = after[0] - before[0] if after and before else None
    stats["traces"] = after[1] - before[1] if after and before else None
    return replace(judged, result=replace(judged.result, stats=stats, seconds=round(time.monotonic() - started, 3)))


def _judge_exercise(grading: _Grading, exercise: Exercise) -> _Judged:
    session, options = grading.session, grading.options
    ctx = grading.context(exercise)
    try:
        blocked = _unusable_reason(ctx)
    except InstrumentTampered as tampered:
        verdict = _tampered(tampered, options)
        return _Judged(_uniform(exercise, Status.ERROR, verdict.message), verdict.flags)
    except WorkerLost as lost:
        first_check = next(iter(exercise.points))
        return _Judged(_gated(exercise, _lost_message(lost, exercise, session, options),
                              t("exercise.skipped_lost", options.lang, check=first_check)))
    except Exception as error:  # noqa: BLE001 - a grader bug must not lose the other exercises
        verdict = _failure(error, session, options, exercise)
        if verdict.status is Status.FAILED:  # the submission's doing (`_failure` says when): its first check fails
            first_check = next(iter(exercise.points))
            return _Judged(_gated(exercise, verdict.message,
                                  t("exercise.skipped_requires", options.lang, required=first_check)), verdict.flags)
        return _Judged(_uniform(exercise, Status.ERROR, verdict.message), verdict.flags)
    if blocked is not None:
        skipped = t("exercise.skipped_missing", options.lang, name=exercise.name)
        return _Judged(_gated(exercise, blocked, skipped))

    results: list[CheckResult] = []
    flags: list[Flag] = []
    deferred: list[_Deferred] = []
    lost_during: str | None = None
    gate_failed: _FailedGate | None = None
    for check_name, points in exercise.points.items():
        entry = get_check(check_name)
        failed_requirement = next(
            (name for name in entry.requires
             if name in exercise.points and not any(r.name == name and r.passed for r in results)),
            None,
        )
        if lost_during is not None:
            verdict = Verdict(Status.SKIPPED, t("exercise.skipped_lost", options.lang, check=lost_during))
        elif failed_requirement is not None:
            verdict = Verdict(Status.SKIPPED, t("exercise.skipped_requires", options.lang, required=failed_requirement))
        elif not entry.deterministic or entry.runs_last:
            # A timing check runs after every other exercise (`_run_deferred`): its verdict gates
            # nothing, and by then the clean worker it compares against is warm. A check that runs last
            # comes after those.
            deferred.append(_Deferred(exercise, len(results), check_name, points, gate_failed))
            verdict = Verdict(Status.SKIPPED, "")
        else:
            verdict, worker_lost = _run_check(entry.function, ctx, exercise, session, options)
            flags += verdict.flags
            if worker_lost:
                lost_during = check_name
            if gate_failed is not None:
                verdict = _withheld(verdict, gate_failed, options.lang)
        if entry.gate and verdict.status is not Status.PASSED:
            gate_failed = _FailedGate(check_name, verdict.message)
        results.append(_result(check_name, points, verdict))
    return _Judged(ExerciseResult(exercise.name, tuple(results)), tuple(flags), tuple(deferred))


def _run_deferred(grading: _Grading, deferred: list[_Deferred],
                  exercises: list[ExerciseResult]) -> tuple[list[ExerciseResult], tuple[Flag, ...]]:
    """Run the held-back timing checks and put each verdict where the check stands in its exercise;
    the exercises, and the notes the checks raised."""
    session, options = grading.session, grading.options
    flags: list[Flag] = []
    by_name = {exercise.name: index for index, exercise in enumerate(exercises)}
    for item in sorted(deferred, key=lambda item: get_check(item.check).runs_last):
        if time.monotonic() >= grading.deadline:
            verdict = Verdict(Status.SKIPPED, t("exercise.time_limit", options.lang,
                                                seconds=f"{options.submission_seconds:g}"))
        else:
            try:
                session.ensure_running()
            except WorkerLost as lost:
                verdict = Verdict(Status.FAILED, _lost_message(lost, None, None, options))
            else:
                verdict, _ = _run_check(get_check(item.check).function, grading.context(item.exercise),
                                        item.exercise, session, options)
                flags += verdict.flags
                session.check_channel()
        if item.gate_failed is not None:
            verdict = _withheld(verdict, item.gate_failed, options.lang)
        index = by_name[item.exercise.name]
        checks = list(exercises[index].checks)
        checks[item.position] = _result(item.check, item.points, verdict)
        exercises[index] = replace(exercises[index], checks=tuple(checks))
    return exercises, tuple(flags)


def _run_check(check: Callable[[CheckContext], Verdict], ctx: CheckContext, exercise: Exercise,
               session: SubmissionSession, options: GradingOptions) -> tuple[Verdict, bool]:
    """The check's verdict (with the notes it raises for the instructor), and whether the worker was
    lost while it ran."""
    started = time.monotonic()
    try:
        verdict = check(ctx)
    except InstrumentTampered as tampered:
        return _tampered(tampered, options), False
    except WorkerLost as lost:
        return Verdict(Status.FAILED, _lost_message(lost, exercise, session, options)), True
    except Exception as error:  # noqa: BLE001 - a grader bug must not lose the other results
        return _failure(error, session, options, exercise), False
    return replace(verdict, timings={**verdict.timings, "seconds": round(time.monotonic() - started, 3)}), False


def _failure(error: Exception, session: SubmissionSession, options: GradingOptions,
             exercise: Exercise | None = None) -> Verdict:
    """A check that failed for a reason of the grader's: its fault, unless the submission patched the
    library the grader's runtime runs on (then the runtime failing is the patch's doing, and says so)."""
    patches = [f"{change.namespace}.{change.name} {change.event}" for change in session.library_changes if change.patch]
    if isinstance(error, ProbeFailed) and patches:
        return _tampered(InstrumentTampered(patches[:3]), options)
    if isinstance(error, ReplyUnsendable):
        return Verdict(Status.FAILED, t("probe.unsendable", options.lang, detail=str(error)[:200],
                                        on_input=_on_input(exercise, session, options.lang)))
    if isinstance(error, ProbeFailed) and ": MemoryError" in str(error):
        # The worker's memory is the submission's to use (its limit is the student's budget): a probe that found
        # none left was starved by what the code allocated, returned or kept, not by the grader.
        return Verdict(Status.FAILED, t("probe.memory", options.lang,
                                        on_input=_on_input(exercise, session, options.lang)))
    return Verdict(Status.ERROR, t("exercise.internal_error", options.lang, type=type(error).__name__))


def _withheld(verdict: Verdict, gate: _FailedGate, lang: str) -> Verdict:
    """A check run on a function that failed its gate: no points. It says what it found only where
    that is news: a pass in a word, the gate's own finding not again, another finding by its first
    sentence (the cause and the line; the gate's message already shows the input and the values)."""
    status = verdict.status
    if status is Status.PASSED:
        message = t("exercise.withheld_passed", lang, gate=gate.name)
    elif same_cause(gate.message, verdict.message):
        message = t("exercise.withheld_same", lang, gate=gate.name)
    else:
        message = t("exercise.withheld", lang, gate=gate.name, finding=first_sentence(verdict.message))
    return Verdict(Status.SKIPPED, message, {**verdict.details, "found": status.value}, verdict.timings)


def _unusable_reason(ctx: CheckContext) -> str | None:
    """Why the function cannot be graded at all (missing, not callable, not implemented), or None."""
    exercise, session, lang = ctx.exercise, ctx.session, ctx.lang
    info = session.describe(exercise.name)
    if not info.defined:
        labels = _cell_labels(session.submission, lang)
        failed = [cell for cell in session.cells if cell.status != "ok"]
        for cell in failed:
            # Read in the judge: the failed cell's own source defines the function below the line
            # that raised, so the definition never ran. That line is the one to fix.
            defined_at = _defined_below(session.submission, cell, exercise.name)
            if defined_at is not None:
                # The sentence goes on after the problem: its own full stop would make two (`args..`).
                return t("exercise.never_defined", lang, name=exercise.name, defined_at=defined_at,
                         problem=_cell_problem(cell, labels, lang, session.submission).rstrip(" ."))
        message = t("exercise.missing", lang, name=exercise.name)
        broken = [_cell_problem(cell, labels, lang, session.submission) for cell in _first_failures(session)]
        if broken and session.submission.unit == "file":
            message += t("exercise.missing_statements", lang, cells="; ".join(broken))
        elif broken:
            message += t("exercise.missing_cells", lang, cells="; ".join(broken))
        return message
    if not info.callable:
        return t("exercise.not_callable", lang, name=exercise.name, type=info.type)
    probe = draw_examples(exercise, 1, "probe")[0]
    outcome = session.call(exercise.name, probe, array_kind="jax", timeout=ctx.timeout())
    error = outcome.error
    # The stub's own `raise`, read in the judge's copy of the source; the same exception raised inside a
    # library the function calls (`jnp.add.at` without `inplace=False`) is graded as what it is, a failing call.
    if error is not None and error.is_a("NotImplementedError") and (
            not error.line or raise_statement_at(ctx.source, error.filename, error.line, "NotImplementedError")):
        return t("exercise.not_implemented", lang, name=exercise.name)
    return None


def _result(name: str, points: float, verdict: Verdict) -> CheckResult:
    awarded = float(points) if verdict.earns_points else 0.0
    return CheckResult(name, verdict.status, verdict.message, awarded, float(points),
                       dict(verdict.details), dict(verdict.timings))


def _gated(exercise: Exercise, reason: str, skipped: str) -> ExerciseResult:
    checks = []
    for position, (name, points) in enumerate(exercise.points.items()):
        status, message = (Status.FAILED, reason) if position == 0 else (Status.SKIPPED, skipped)
        checks.append(CheckResult(name, status, message, 0.0, float(points)))
    return ExerciseResult(exercise.name, tuple(checks))


def _uniform(exercise: Exercise, status: Status, message: str) -> ExerciseResult:
    return ExerciseResult(
        exercise.name,
        tuple(CheckResult(name, status, message, 0.0, float(points)) for name, points in exercise.points.items()),
    )


def _not_loaded(
    exercise: Exercise, assignment: Assignment, lost: WorkerLost, options: GradingOptions, unit: str
) -> ExerciseResult:
    """The worker died before any function could be graded: said once, on the first check of the
    first exercise; every other check points there."""
    first = assignment.exercises[0]
    in_file = unit == "file"
    if lost.reason in ("exited", "protocol"):
        reason = t("lost.loading_file" if in_file else "lost.loading", options.lang, detail=lost.detail)
    else:
        reason = _lost_message(lost, None, None, options)
    skipped = t("exercise.skipped_loading_file" if in_file else "exercise.skipped_loading", options.lang,
                first=first.name)
    if exercise is first:
        return _gated(exercise, reason, skipped)
    return _uniform(exercise, Status.SKIPPED, skipped)


def _lost_message(lost: WorkerLost, exercise: Exercise | None, session: SubmissionSession | None,
                  options: GradingOptions) -> str:
    lang = options.lang
    on_input = _on_input(exercise, session, lang)
    if lost.reason == "timeout":
        return t("lost.timeout", lang, seconds=lost.detail.replace(" s", ""), on_input=on_input)
    if lost.reason == "startup":
        return t("lost.startup", lang, detail=lost.detail)
    if lost.reason == "protocol":
        return t("lost.protocol", lang, detail=lost.detail, on_input=on_input)
    if lost.reason == "disk":
        return t("lost.disk", lang, mib=lost.detail, on_input=on_input)
    if lost.reason == "shm":
        return t("lost.shm", lang, mib=lost.detail, on_input=on_input)
    if lost.reason == "processes":
        return t("lost.processes", lang, count=lost.detail, on_input=on_input)
    return t("lost.exited", lang, detail=lost.detail, on_input=on_input)


def _on_input(exercise: Exercise | None, session: SubmissionSession | None, lang: str) -> str:
    """" on input ..." for the call the worker ran last, or "" when there is none to show."""
    call = session.last_call if session is not None else None
    if call is None or exercise is None:
        return ""
    return t("lost.on_input", lang, input=format_call(exercise.parameters, call))


def _tampered(tampered: InstrumentTampered, options: GradingOptions) -> Verdict:
    """A check that cannot be trusted is an error, never a pass; its flag tells the instructor."""
    changes = "; ".join(tampered.changes)
    return Verdict(Status.ERROR, t("instrument.tampered", options.lang, changes=changes),
                   flags=(raise_flag("instrument_tampered", options.lang, changes=changes),))


def _cell_labels(submission: Submission, lang: str) -> dict[int, str]:
    return {cell.index: submission.place(cell.filename, lang) for cell in submission.cells}


def _written_modules(submission: Submission) -> frozenset[str]:
    """The modules the notebook writes itself with `%%writefile NAME.py` (IPython's rewriting of the cell
    is what the submission holds): the worker writes no file for a magic, so importing one fails."""
    return frozenset(match.group(1) for cell in submission.cells for match in _WRITEFILE.finditer(cell.source))


def _cell_problem(cell: CellOutcome, labels: dict[int, str], lang: str, submission: Submission) -> str:
    label = labels.get(cell.index, f"cell {cell.index}")
    # The exception's first line, bounded: a student's exception text can be as long as they like.
    first_line = cell.message.splitlines()[0] if cell.message else ""
    if len(first_line) > _CELL_MESSAGE_CHARS:
        first_line = first_line[:_CELL_MESSAGE_CHARS - 1] + "…"
    if cell.status == "syntax_error":
        return t("cell.syntax_error", lang, cell=label, line=cell.line, message=first_line)
    hint = removed_api_hint(cell.type, cell.message, lang)
    missing = _MISSING_MODULE.search(first_line) if cell.type == "ModuleNotFoundError" else None
    if missing is not None and missing.group(1).split(".")[0] in _written_modules(submission):
        return t("cell.written_module", lang, cell=label, line=cell.line, module=missing.group(1))
    if missing is not None and not hint:
        # The import as written (`google.colab`), read in the judge: Python names only the package it missed.
        imported = _imported_name(submission, cell, missing.group(1))
        platform = next((place for module, place in _PLATFORM_ONLY.items()
                         if imported == module or imported.startswith(module + ".")), None)
        if platform is not None:
            return t("cell.platform_module", lang, cell=label, line=cell.line, module=imported, platform=platform)
        return t("cell.missing_module", lang, cell=label, line=cell.line, module=missing.group(1),
                 libraries=listed_libraries())
    problem = t("cell.error", lang, cell=label, line=cell.line, type=cell.type, message=first_line)
    return f"{problem} ({hint})" if hint else problem


_MISSING_MODULE = re.compile(r"^No module named '([\w.]+)'$")
# Modules that exist only where a notebook service runs the kernel: no grader has them, and none should.
_PLATFORM_ONLY = {"google.colab": "Google Colab", "kaggle_secrets": "Kaggle", "kaggle_datasets": "Kaggle",
                  "pyodide": "JupyterLite (Pyodide)", "js": "JupyterLite (Pyodide)", "piplite": "JupyterLite"}


def _imported_name(submission: Submission, cell: CellOutcome, missing: str) -> str:
    """The dotted name the failing line imports that begins with `missing`; `missing` when it cannot be read."""
    source = next((each.source for each in submission.cells if each.index == cell.index), "")
    lines = source.splitlines()
    if not 0 < cell.line <= len(lines):
        return missing
    found = re.search(rf"\b(?:from|import)\s+({re.escape(missing)}(?:\.\w+)*)", lines[cell.line - 1])
    return found.group(1) if found else missing
_WRITEFILE = re.compile(r"run_cell_magic\(\s*'writefile'\s*,\s*'(?:-a\s+|--append\s+)?(\w+)\.py\s*'")


def _defined_below(submission: Submission, cell: CellOutcome, name: str) -> int | None:
    """The line where `cell`'s source binds `name` at module level, below the line that raised."""
    source = next((each.source for each in submission.cells if each.index == cell.index), None)
    if source is None or cell.line <= 0:
        return None
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    for node in tree.body:
        bound = ((node.name,) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                 else tuple(target.id for target in getattr(node, "targets", ()) if isinstance(target, ast.Name)))
        if name in bound and node.lineno > cell.line:
            return node.lineno
    return None


def _cell_flags(session: SubmissionSession, lang: str) -> list[Flag]:
    """One flag per failed cell, the first `_CELL_FLAGS` of them: 8,000 failing cells once made a report of
    8,000 flags (first-contact round 49)."""
    labels = _cell_labels(session.submission, lang)
    in_file = session.submission.unit == "file"
    failures = _first_failures(session)
    flags = [raise_flag("file_failed" if in_file else "cell_failed", lang,
                        detail=_cell_problem(cell, labels, lang, session.submission))
             for cell in failures[:_CELL_FLAGS]]
    if len(failures) > _CELL_FLAGS:
        flags[-1] = Flag(flags[-1].code, f"{flags[-1].text} (+{len(failures) - _CELL_FLAGS})")
    return flags


_CELL_FLAGS = 5
_CELL_MESSAGE_CHARS = 300


_UNDEFINED = re.compile(r"^name '(\w+)' is not defined")


def _first_failures(session: SubmissionSession) -> list[CellOutcome]:
    """The cells that failed, less those that failed only for a name an earlier failed cell would have
    defined: after `from tqdm import tqdm` fails, `for i in tqdm(...)` failing says nothing new."""
    sources = {cell.index: cell.source for cell in session.submission.cells}
    lost: set[str] = set()
    found = []
    for cell in session.cells:
        if cell.status == "ok":
            continue
        undefined = _UNDEFINED.match(cell.message) if cell.type == "NameError" else None
        if undefined is None or undefined.group(1) not in lost:
            found.append(cell)
        lost |= _bound_names(sources.get(cell.index, ""))
    return found


def _bound_names(source: str) -> set[str]:
    """The names a cell binds at its top level: what its failure may leave undefined."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        else:
            names.update(name.id for name in ast.walk(node) if isinstance(name, ast.Name)
                         and isinstance(name.ctx, ast.Store))
    return names
