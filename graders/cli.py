"""`jaxgrade`: the command line.

Exit codes: 0 grading ran (whatever the scores); 1 a score is below
`--fail-under`; 2 bad usage or an input that
could not be graded (the other files are still graded); 3 the grader itself
failed on a file (a bug: the other files are still graded); 4 `autograde`
could not grade some submissions (the summary says which and why); 130
interrupted.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Sequence

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, t

__all__ = ["main", "run"]

EXIT_OK = 0
EXIT_BELOW_THRESHOLD = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_NOT_ALL_GRADED = 4
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"jaxgrade: error: {message} (see 'jaxgrade --help')\n")
        raise SystemExit(EXIT_USAGE)


def _default_language() -> str:
    lang = os.environ.get("JAXGRADE_LANG", DEFAULT_LANGUAGE)
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs={text!r} is not a whole number; use 1 or more") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--jobs={value} must be 1 or more")
    return value


_FORMATS = ("text", "json", "junit", "markdown", "gradescope")


def _extra_report(text: str) -> tuple[str, str]:
    report_format, separator, path = text.partition("=")
    if not separator or not path:
        raise argparse.ArgumentTypeError(f"--report {text!r} needs FORMAT=FILE, e.g. --report junit=report.xml")
    if report_format not in _FORMATS:
        raise argparse.ArgumentTypeError(f"--report {text!r}: unknown format {report_format!r}; "
                                         f"use one of {', '.join(_FORMATS)}")
    return report_format, path


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jaxgrade", description="Grade JAX course submissions with hidden, trusted graders.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    grade = commands.add_parser("grade", help="grade submission files (.ipynb or .py)")
    grade.add_argument("--assignment", required=True, help="assignment name (see 'jaxgrade list')")
    grade.add_argument("--format", choices=_FORMATS, default="text",
                       help="report format (default: text)")
    grade.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout")
    grade.add_argument("--report", action="append", default=[], type=_extra_report, metavar="FORMAT=FILE",
                       help="also write the same grading as FORMAT to FILE (repeatable), "
                            "e.g. --report junit=report.xml")
    grade.add_argument("--fail-under", type=float, metavar="SCORE",
                       help="exit with status 1 when any submission scores below SCORE points")
    grade.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel (default: 1)")
    grade.add_argument("--lang", choices=LANGUAGES, default=_default_language(),
                       help=f"language of messages (default: {DEFAULT_LANGUAGE}, or $JAXGRADE_LANG)")
    grade.add_argument("files", nargs="+", metavar="FILE", help="submission notebooks or Python files")

    warm = commands.add_parser("warm", help="fill the compilation cache from the reference solutions")
    warm.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="assignments to warm (default: all)")

    listing = commands.add_parser("list", help="show assignments, exercises, checks and points")
    listing.add_argument("--lang", choices=LANGUAGES, default=_default_language())

    autograde = commands.add_parser("autograde", help="autograde every collected submission of an nbgrader course")
    autograde.add_argument("assignment", help="assignment name")
    autograde.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel")
    autograde.add_argument("--course", default=".", help="nbgrader course directory (default: .)")

    report = commands.add_parser("report", help="class analytics: one HTML page from JSON reports or a gradebook")
    report.add_argument("reports", nargs="*", metavar="REPORT.json", help="files written by --format json")
    report.add_argument("--gradebook", metavar="PATH", help="an nbgrader gradebook.db instead of JSON reports")
    report.add_argument("--output", default="jaxgrade-report.html", help="HTML file to write")

    course = commands.add_parser("course", help="course maintenance")
    course_commands = course.add_subparsers(dest="course_command", required=True, parser_class=_Parser)
    build = course_commands.add_parser("build", help="write the source notebooks from course content and solutions/")
    build.add_argument("--exercises", default="exercises", help="nbgrader source directory (default: exercises)")
    release = course_commands.add_parser(
        "release", help="regenerate release/ with nbgrader and record the assignments in the course gradebook")
    release.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="assignments to release (default: all)")
    release.add_argument("--root", default=".", help="the course repository (default: .)")
    check = course_commands.add_parser("check", help="references full marks, stubs 0, exercises/ and release/ in sync")
    check.add_argument("--root", default=".", help="the course repository (default: .)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        arguments = _build_parser().parse_args(argv)
        if arguments.command == "list":
            return _list(arguments.lang)
        if arguments.command == "warm":
            return _warm(arguments.assignments)
        if arguments.command == "autograde":
            return _autograde(arguments)
        if arguments.command == "report":
            return _report(arguments)
        if arguments.command == "course" and arguments.course_command == "check":
            return _course_check(arguments)
        if arguments.command == "course" and arguments.course_command == "release":
            return _course_release(arguments)
        if arguments.command == "course":
            return _course_build(arguments)
        return _grade(arguments)
    except KeyboardInterrupt:
        sys.stderr.write("jaxgrade: interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exit_request:
        return int(exit_request.code or 0)


def run() -> None:
    """The console script: `main`, then exit without interpreter teardown.

    Everything is written and flushed by then; tearing down JAX's runtime
    would add 0.3-0.4 s to every `jaxgrade grade` for nothing.
    """
    code = main()
    if "graders.checks.jit_speedup" in sys.modules:
        from .checks.jit_speedup import close_baseline_workers

        close_baseline_workers()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    logging.shutdown()
    os._exit(code)


def _warm(names: list[str]) -> int:
    from .options import GradingOptions
    from .registry import UnknownAssignment, assignments, get_assignment
    from .warmup import warm_assignment

    try:
        chosen = [get_assignment(name) for name in names] or [assignments()[name] for name in sorted(assignments())]
    except UnknownAssignment as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    options = GradingOptions()
    failed = False
    for assignment in chosen:
        try:
            outcome = warm_assignment(assignment, options)
        except OSError as error:
            sys.stderr.write(f"jaxgrade: error: {error}\n")
            return EXIT_USAGE
        sys.stdout.write(outcome.describe() + "\n")
        failed = failed or not outcome.ok
    return EXIT_INTERNAL if failed else EXIT_OK


def _list(lang: str) -> int:
    from .registry import assignments, get_check

    lines = []
    for name, assignment in sorted(assignments().items()):
        lines.append(f"{name}: {assignment.title[lang]} ({assignment.max_score:g} {t('report.points', lang)})")
        for exercise in assignment.exercises:
            lines.append(f"  {exercise.name}({', '.join(exercise.parameters)}): {exercise.summary[lang]}")
            for check, points in exercise.points.items():
                lines.append(f"    - {check} [{points:g}]: {get_check(check).description[lang]}")
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _autograde(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from rich.console import Console

    from .course.batch import autograde_course, collected_students, render_summary
    from .registry import UnknownAssignment, get_assignment

    try:
        get_assignment(arguments.assignment)
    except UnknownAssignment as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    course = Path(arguments.course)
    if not (course / "nbgrader_config.py").is_file():
        sys.stderr.write(f"jaxgrade: error: {course}: no nbgrader_config.py; pass --course with the course directory\n")
        return EXIT_USAGE
    if not collected_students(course, arguments.assignment):
        sys.stderr.write(f"jaxgrade: error: no collected submissions of {arguments.assignment!r} under "
                         f"{course / 'submitted'}; run 'nbgrader collect {arguments.assignment}' first\n")
        return EXIT_USAGE
    console = Console(stderr=True)
    outcomes = autograde_course(course, arguments.assignment, jobs=arguments.jobs, console=console)
    render_summary(outcomes, Console())
    return EXIT_OK if all(outcome.ok for outcome in outcomes) else EXIT_NOT_ALL_GRADED


def _report(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from .reports.analytics import load_gradebook, load_reports, render_analytics

    if bool(arguments.reports) == bool(arguments.gradebook):
        sys.stderr.write("jaxgrade: error: pass JSON reports or --gradebook PATH (one of the two)\n")
        return EXIT_USAGE
    try:
        if arguments.gradebook:
            if not Path(arguments.gradebook).is_file():
                raise ValueError(f"{arguments.gradebook}: no such gradebook; pass the course's gradebook.db")
            data = load_gradebook(Path(arguments.gradebook))
        else:
            missing = [path for path in arguments.reports if not Path(path).is_file()]
            if missing:
                raise ValueError(f"{missing[0]}: no such file; pass files written by --format json")
            data = load_reports(Path(path) for path in arguments.reports)
    except ValueError as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    Path(arguments.output).write_text(render_analytics(data), encoding="utf-8")
    sys.stdout.write(f"wrote {arguments.output}: {len(data.submissions)} graded, {len(data.ungraded)} not graded\n")
    return EXIT_OK


def _course_check(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from .course.check import check_course

    findings = check_course(Path(arguments.root))
    for finding in findings:
        mark = "ok  " if finding.ok else "FAIL"
        sys.stdout.write(f"{mark} {finding.what}{f' ({finding.detail})' if finding.detail else ''}\n")
    failed = sum(not finding.ok for finding in findings)
    sys.stdout.write(f"{len(findings) - failed} passed, {failed} failed\n")
    return EXIT_OK if not failed else EXIT_BELOW_THRESHOLD


def _course_release(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from .course.release import ReleaseError, generate_release
    from .registry import assignments

    root = Path(arguments.root)
    known = sorted(assignments())
    unknown = [name for name in arguments.assignments if name not in known]
    if unknown:
        sys.stderr.write(f"jaxgrade: error: unknown assignment {unknown[0]!r}; choose from {', '.join(known)}\n")
        return EXIT_USAGE
    if not (root / "nbgrader_config.py").is_file() or not (root / "exercises").is_dir():
        sys.stderr.write(f"jaxgrade: error: {root} is not the course repository (no nbgrader_config.py or "
                         f"exercises/); pass --root\n")
        return EXIT_USAGE
    try:
        written = generate_release(root, arguments.assignments or known)
    except ReleaseError as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    for path in written:
        sys.stdout.write(f"wrote {path}\n")
    sys.stdout.write(f"recorded {', '.join(arguments.assignments or known)} in {root / 'gradebook.db'}\n")
    return EXIT_OK


def _course_build(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from .course.content import CONTENTS
    from .course.notebooks import write_notebooks

    for path in write_notebooks(CONTENTS, Path(arguments.exercises)):
        sys.stdout.write(f"wrote {path}\n")
    return EXIT_OK


def _grade(arguments: argparse.Namespace) -> int:
    from .options import GradingOptions
    from .results import FileError
    from .submission import SubmissionError, read_submission

    formats = [arguments.format, *(report_format for report_format, _ in arguments.report)]
    if "gradescope" in formats and len(arguments.files) != 1:
        sys.stderr.write(f"jaxgrade: error: the gradescope format grades one submission per run, "
                         f"got {len(arguments.files)} files\n")
        return EXIT_USAGE
    # Every file is read in the judge first, so a bad one costs only itself.
    problems: dict[int, str] = {}
    submissions = []
    for position, path in enumerate(arguments.files):
        try:
            submissions.append(read_submission(path))
        except SubmissionError as error:
            problems[position] = str(error)
    options = GradingOptions(lang=arguments.lang)
    if len(submissions) >= _AUTO_WARM_MIN_SUBMISSIONS:
        _warm_quietly(arguments.assignment, options)
    # The first worker starts (and imports JAX, and runs the cells) while this process imports JAX.
    sequential = arguments.jobs == 1 or len(submissions) <= 1
    first = _begin(submissions[0], options) if sequential and submissions else None

    from .registry import UnknownAssignment, get_assignment
    from .reports import WRITERS

    try:
        assignment = get_assignment(arguments.assignment)
    except UnknownAssignment as error:
        if first is not None:
            first.close()
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    for position in sorted(problems):
        sys.stderr.write(f"jaxgrade: error: {problems[position]}\n")
    if sequential:
        graded = iter(_grade_in_sequence(submissions, assignment.name, options, first))
    else:
        paths = [str(submission.path) for submission in submissions]
        graded = iter(_grade_in_pool(paths, assignment.name, options, arguments.jobs))
    results = [FileError(path, assignment.name, problems[position], assignment.max_score)
               if position in problems else next(graded) for position, path in enumerate(arguments.files)]

    internal = [r for r in results if isinstance(r, FileError) and r.message.startswith("internal error")]
    for problem in internal:
        sys.stderr.write(f"jaxgrade: error: {problem.submission}: {problem.message}\n")
    # One grading, several renderings: a CI job needs a summary and a JUnit file, not two gradings.
    for report_format, path in arguments.report:
        if not _write_report(WRITERS[report_format](results, lang=arguments.lang), path, "--report"):
            return EXIT_USAGE
    report = WRITERS[arguments.format](results, lang=arguments.lang)
    if arguments.output:
        if not _write_report(report, arguments.output, "--output"):
            return EXIT_USAGE
    else:
        sys.stdout.write(report)
        sys.stdout.flush()
    if internal:
        return EXIT_INTERNAL
    if problems:
        return EXIT_USAGE
    if arguments.fail_under is not None and any(r.score < arguments.fail_under for r in results):
        sys.stderr.write(f"jaxgrade: score below --fail-under {arguments.fail_under:g}\n")
        return EXIT_BELOW_THRESHOLD
    return EXIT_OK


def _write_report(report: str, path: str, option: str) -> bool:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(report)
    except OSError as error:
        sys.stderr.write(f"jaxgrade: error: {option} {path}: {error.strerror or error}; choose a writable path\n")
        return False
    return True


# Filling costs about one grading, once per machine and assignment; every later grading
# there (this batch's and all that follow) saves a tenth to a third of its time.
_AUTO_WARM_MIN_SUBMISSIONS = 4


def _warm_quietly(assignment: str, options) -> None:  # type: ignore[no-untyped-def]
    """Fill the compilation cache before a batch; grading goes on without it if it cannot be made."""
    from .registry import UnknownAssignment, get_assignment
    from .warmup import warm_assignment

    try:
        outcome = warm_assignment(get_assignment(assignment), options)
    except UnknownAssignment:
        return  # reported below, with the other usage errors
    except OSError as error:
        sys.stderr.write(f"jaxgrade: warning: {error}; grading without it\n")
        return
    if not outcome.ok:
        sys.stderr.write(f"jaxgrade: warning: {outcome.describe()}\n")


def _begin(submission, options):  # type: ignore[no-untyped-def]
    """A worker for `submission`, spawned and loading; None if even that failed (grading reports why)."""
    from .worker.client import WorkerLost
    from .worker.session import SubmissionSession

    session = SubmissionSession(submission, options.limits, options.compilation_cache())
    try:
        session.begin()
    except (WorkerLost, OSError):
        session.close()
        return None
    return session


def _internal_error(path: str, assignment: str, error: Exception):  # type: ignore[no-untyped-def]
    from .results import FileError

    first_line = (str(error).splitlines() or [""])[0][:300]
    return FileError(path, assignment, f"internal error: {type(error).__name__}: {first_line}")


def _grade_in_sequence(submissions: list, assignment: str, options, first) -> list:  # type: ignore[no-untyped-def]
    """One file after another; the next file's worker loads while the current one is graded."""
    from .judge import grade_submission
    from .registry import get_assignment

    spec = get_assignment(assignment)
    results = []
    upcoming = first
    for position, submission in enumerate(submissions):
        session = upcoming
        following = position + 1 < len(submissions)
        upcoming = _begin(submissions[position + 1], options) if following else None
        try:
            results.append(grade_submission(submission, spec, options, session=session))
        except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
            if session is not None:
                session.close()
            results.append(_internal_error(str(submission.path), assignment, error))
    return results


def _grade_one(job: tuple[str, str, object]):  # type: ignore[no-untyped-def]
    from .judge import grade_path

    path, assignment, options = job
    try:
        return grade_path(path, assignment, options)  # type: ignore[arg-type]
    except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
        return _internal_error(path, assignment, error)


def _grade_in_pool(paths: list[str], assignment: str, options: object, jobs: int) -> list:
    work = [(path, assignment, options) for path in paths]
    # spawn, not fork: the parent may already hold JAX's threads.
    with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=get_context("spawn")) as pool:
        return list(pool.map(_grade_one, work))


if __name__ == "__main__":
    run()
