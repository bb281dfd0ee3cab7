"""`jaxgrade`: the command line.

Exit codes: 0 grading ran (whatever the scores); 1 a score is below `--fail-under`
(or `course check` found a problem); 2 bad usage or an input that could not be
graded (the other files are still graded); 3 the grader itself failed on a file
(a bug: the other files are still graded); 4 some submissions could not be graded
(`autograde`, `classroom grade`, `watch --once`: the summary says which and why); 130 interrupted.

Every subcommand is one function below, registered on its parser. A handler says
what went wrong by raising `UsageError` with a one-line message; `main` prints it.
Heavy imports (JAX, nbgrader) happen inside handlers, so `jaxgrade grade` can start
its first worker before the judge imports JAX.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from graders.common.i18n import DEFAULT_LANGUAGE, LANGUAGES, t
from graders.common.spec import SpecError

if TYPE_CHECKING:
    from graders.common.results import FileError, SubmissionResult
    from graders.common.spec import Assignment

__all__ = ["main", "run"]

EXIT_OK = 0
EXIT_BELOW_THRESHOLD = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_NOT_ALL_GRADED = 4
EXIT_INTERRUPTED = 130

_FORMATS = ("text", "json", "junit", "markdown", "gradescope")

Handler = Callable[[argparse.Namespace], int]

# The signal that asked the running command to stop, if one did: `jaxgrade watch` tells a supervisor's SIGTERM,
# a service's normal end, from Ctrl-C.
_stop_signal: int | None = None


class UsageError(Exception):
    """Bad usage or input, said in one line; the command exits with status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"jaxgrade: error: {message} (see 'jaxgrade --help')\n")
        raise SystemExit(EXIT_USAGE)


# --------------------------------------------------------------------------- argument types
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


def _extra_report(text: str) -> tuple[str, str]:
    report_format, separator, path = text.partition("=")
    if not separator or not path:
        raise argparse.ArgumentTypeError(f"--report {text!r} needs FORMAT=FILE, e.g. --report junit=report.xml")
    if report_format not in _FORMATS:
        raise argparse.ArgumentTypeError(f"--report {text!r}: unknown format {report_format!r}; "
                                         f"use one of {', '.join(_FORMATS)}")
    return report_format, path


def _with_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=_default_language(),
                        help=f"language of messages (default: {DEFAULT_LANGUAGE}, or $JAXGRADE_LANG)")


# --------------------------------------------------------------------------- the parser
def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jaxgrade", description="Grade JAX course submissions with hidden, trusted graders.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    grade = commands.add_parser("grade", help="grade submission files (.ipynb or .py)")
    grade.add_argument("--assignment", required=True, help="assignment name (see 'jaxgrade list')")
    grade.add_argument("--format", choices=_FORMATS, default="text", help="report format (default: text)")
    grade.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout")
    grade.add_argument("--report", action="append", default=[], type=_extra_report, metavar="FORMAT=FILE",
                       help="also write the same grading as FORMAT to FILE (repeatable), "
                            "e.g. --report junit=report.xml")
    grade.add_argument("--fail-under", type=float, metavar="SCORE",
                       help="exit with status 1 when any submission scores below SCORE points")
    grade.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel (default: 1)")
    grade.add_argument("--scheduler", metavar="ADDRESS",
                       help="grade on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT); --jobs is then "
                            "the cluster's business")
    _with_lang(grade)
    grade.add_argument("files", nargs="+", metavar="FILE", help="submission notebooks or Python files")
    grade.set_defaults(handler=_grade)

    warm = commands.add_parser("warm", help="fill the compilation cache from the reference solutions")
    warm.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="assignments to warm (default: all)")
    warm.set_defaults(handler=_warm)

    listing = commands.add_parser("list", help="show assignments, exercises, checks and points")
    _with_lang(listing)
    listing.set_defaults(handler=_list)

    autograde = commands.add_parser("autograde", help="autograde every collected submission of an nbgrader course")
    autograde.add_argument("assignment", help="assignment name")
    autograde.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel")
    autograde.add_argument("--course", default=".", help="nbgrader course directory (default: .)")
    autograde.add_argument("--student", metavar="STUDENT", help="only this student (the formgrader's button)")
    autograde.add_argument("--no-collect", dest="collect", action="store_false",
                           help="grade what is in submitted/ as it is (default: collect first, as `nbgrader collect`)")
    autograde.add_argument("--force", action="store_true",
                           help="grade every student again, even those already graded in the gradebook")
    autograde.add_argument("--scheduler", metavar="ADDRESS",
                           help="grade on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT)")
    autograde.set_defaults(handler=_autograde)

    watch = commands.add_parser("watch", help="judged feedback on each new submission of an nbgrader course, "
                                              "within a quota, until the deadline")
    watch.add_argument("assignment", help="assignment name")
    watch.add_argument("--course", default=".", help="nbgrader course directory (default: .)")
    watch.add_argument("--quota", metavar="N/PERIOD",
                       help="judged feedbacks per student, e.g. 3/24h (units s, m, h, d; default: "
                            "c.JaxgradeWatch in nbgrader_config.py, else 3/24h)")
    # The deadline is the assignment's nbgrader due date, the one that collect and autograde honour too.
    watch.add_argument("--until", metavar="DEADLINE", help=argparse.SUPPRESS)
    watch.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded at once (default: 1)")
    watch.add_argument("--scheduler", metavar="ADDRESS",
                       help="grade on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT)")
    watch.add_argument("--once", action="store_true", help="handle what is in the exchange now, then exit")
    watch.add_argument("--idle-after-deadline", action="store_true",
                       help="once the due date has passed, wait idle until stopped instead of exiting, for a "
                            "supervisor that starts again a service that exits (the default under JupyterHub, "
                            "which sets JUPYTERHUB_SERVICE_NAME)")
    watch.set_defaults(handler=_watch)

    review = commands.add_parser("review", help="list the submissions held for review; approve or confirm one")
    review.add_argument("assignment", help="assignment name")
    review.add_argument("--course", default=".", help="nbgrader course directory (default: .)")
    decision = review.add_mutually_exclusive_group()
    decision.add_argument("--approve", metavar="STUDENT", help="give the withheld points back to STUDENT")
    decision.add_argument("--confirm", metavar="STUDENT", help="keep STUDENT's withheld points withheld")
    review.add_argument("--note", default="", help="why (kept with the decision; the student's feedback shows it)")
    review.set_defaults(handler=_review)

    demo = commands.add_parser("demo", help="grade the bundled samples and summarise what each shows")
    demo.add_argument("--samples", default="samples", help="the samples folder with manifest.toml (default: samples)")
    _with_lang(demo)
    demo.set_defaults(handler=_demo)

    report = commands.add_parser("report", help="class analytics: one HTML page from JSON reports or a gradebook")
    report.add_argument("reports", nargs="*", metavar="REPORT.json", help="files written by --format json")
    report.add_argument("--gradebook", metavar="PATH", help="an nbgrader gradebook.db instead of JSON reports")
    report.add_argument("--history", action="append", default=[], metavar="history.jsonl",
                        help="progress before the deadline, by day, from `jaxgrade watch`'s history (repeatable; "
                             "default with --gradebook: every .jaxgrade/watch/*/history.jsonl beside it)")
    report.add_argument("--output", default="jaxgrade-report.html", help="HTML file to write")
    report.set_defaults(handler=_report)

    classroom = commands.add_parser("classroom", help="grade students' repositories from the instructor's side")
    classroom_commands = classroom.add_subparsers(dest="classroom_command", required=True, parser_class=_Parser)
    fetch = classroom_commands.add_parser("grade", help="read each student's notebook at a commit and grade them all")
    fetch.add_argument("assignment", help="assignment name (see 'jaxgrade list')")
    fetch.add_argument("--roster", required=True, help="CSV with student,repository columns")
    fetch.add_argument("--notebook", required=True, help="the notebook's path inside each student repository")
    fetch.add_argument("--out", default="classroom", help="folder for what was graded and the reports")
    fetch.add_argument("--deadline", help="grade the newest commit made before this time (ISO 8601)")
    fetch.add_argument("--token-env", metavar="NAME", help="environment variable holding a read-only token")
    fetch.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel")
    fetch.add_argument("--server", default=os.environ.get("GITHUB_SERVER_URL", "https://github.com"),
                       help="where owner/name repositories live (default: $GITHUB_SERVER_URL, else https://github.com)")
    _with_lang(fetch)
    fetch.set_defaults(handler=_classroom_grade)
    post = classroom_commands.add_parser("publish", help="post each graded commit's status and report")
    post.add_argument("--out", default="classroom", help="the folder 'classroom grade' wrote")
    post.add_argument("--token-env", metavar="NAME", required=True,
                      help="environment variable holding a token that may write commit statuses")
    post.add_argument("--api", default=os.environ.get("GITHUB_API_URL", "https://api.github.com"),
                      help="the GitHub API (default: $GITHUB_API_URL, else https://api.github.com)")
    post.add_argument("--context", default="jaxgrade", help="the commit status's name")
    post.add_argument("--target-url", default="", help="a link for the status (the workflow run)")
    post.set_defaults(handler=_classroom_publish)

    course = commands.add_parser("course", help="course maintenance")
    course_commands = course.add_subparsers(dest="course_command", required=True, parser_class=_Parser)
    build = course_commands.add_parser("build", help="write the source notebooks from course content and solutions/")
    build.add_argument("--exercises", default="exercises", help="nbgrader source directory (default: exercises)")
    build.add_argument("--readme", metavar="PATH",
                       help="also rewrite the table under '## Assignments' in this README from the catalogue")
    build.set_defaults(handler=_course_build)
    release = course_commands.add_parser(
        "release", help="regenerate release/ with nbgrader and record the assignments in the course gradebook")
    release.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="assignments to release (default: all)")
    release.add_argument("--root", default=".", help="the course repository (default: .)")
    release.set_defaults(handler=_course_release)
    setup = course_commands.add_parser(
        "setup", help="record every released notebook in the course's gradebook, from a clone as it is "
                      "(idempotent; release/ is never written)")
    setup.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="assignments to set up (default: all)")
    setup.add_argument("--root", default=".", help="the course directory, a clone of the repository (default: .)")
    setup.set_defaults(handler=_course_setup)
    due = course_commands.add_parser(
        "due", help="set or show an assignment's due date, as a wall time in an IANA zone or with an offset")
    due.add_argument("assignment", help="assignment name")
    due.add_argument("when", nargs="?", metavar="WHEN",
                     help="'2027-06-18 23:59' (in --zone, else the course's c.JaxgradeCourse.timezone) or "
                          "'2027-06-18 23:59+09:00'; without it, the due date is shown")
    due.add_argument("--zone", metavar="ZONE", help="IANA time zone of WHEN, such as Asia/Seoul (never KST)")
    due.add_argument("--course", default=".", help="nbgrader course directory (default: .)")
    due.set_defaults(handler=_course_due)
    new = course_commands.add_parser(
        "new", help="write a new assignment's files (reference, spec, notebook content, stub, correct alternative) "
                    "from one worked exercise, to edit")
    new.add_argument("name", help="the assignment's name: lower-case words joined by hyphens, such as random-vmap")
    new.add_argument("--title-en", default="", help="its title in English (default: the name)")
    new.add_argument("--title-ko", default="", help="its title in Korean (default: the name)")
    new.add_argument("--root", default=".", help="the course repository (default: .)")
    new.set_defaults(handler=_course_new)
    draft = course_commands.add_parser(
        "try", help="grade a draft assignment as it stands: its reference full marks, its stub 0, then FILEs; "
                    "no release, no nbgrader")
    draft.add_argument("name", help="the assignment's name")
    draft.add_argument("files", nargs="*", metavar="FILE", help="submissions to grade against the draft")
    draft.add_argument("--root", default=".", help="the course repository (default: .)")
    _with_lang(draft)
    draft.set_defaults(handler=_course_try)
    check = course_commands.add_parser("check", help="references full marks, stubs 0, exercises/ and release/ in sync")
    check.add_argument("--root", default=".", help="the course repository (default: .)")
    check.set_defaults(handler=_course_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    global _stop_signal
    _stop_signal = None
    previous = _stop_on_signals()
    previous_unraisable_hook = sys.unraisablehook
    if previous:
        from graders.common.stop import drop_lost_interrupts

        sys.unraisablehook = drop_lost_interrupts
    _own_scripts_first_on_path()
    try:
        arguments = _parse(_build_parser(), argv)
        handler: Handler = arguments.handler
        return handler(arguments)
    except UsageError as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    except SpecError as error:  # an assignment's spec, as its author wrote it: one line, the field and the fix
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("jaxgrade: interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exit_request:
        return int(exit_request.code or 0)
    finally:
        for signal_number, previous_handler in previous.items():
            signal.signal(signal_number, previous_handler)
        sys.unraisablehook = previous_unraisable_hook
        if previous:
            from graders.common.stop import clear_stop_request

            clear_stop_request()


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, with files and options in any order: `try NAME a.py --lang ko b.py` as well as options first.

    argparse stops a list of files at the first option and refuses what follows; a command that takes
    files gets the rest of them here (argparse's own `parse_intermixed_args` refuses subcommands)."""
    arguments, extras = parser.parse_known_args(argv)
    if extras and isinstance(getattr(arguments, "files", None), list) \
            and not any(extra.startswith("-") for extra in extras):
        arguments.files.extend(extras)
    elif extras:
        parser.error(f"unrecognized arguments: {' '.join(extras)}")
    return arguments


def _own_scripts_first_on_path() -> None:
    """The scripts installed beside this interpreter (nbgrader, alembic) first on PATH.

    nbgrader's gradebook runs `alembic` by name, and its steps run `nbgrader`: a `jaxgrade` started by its full
    path (a hub service, a systemd unit, cron) would otherwise find none, or another installation's.
    """
    scripts = str(Path(sys.executable).parent)
    path = os.environ.get("PATH", "")
    if path.split(os.pathsep)[:1] != [scripts]:
        os.environ["PATH"] = f"{scripts}{os.pathsep}{path}" if path else scripts


def _stop_on_signals() -> dict[int, Any]:
    """Ctrl-C and SIGTERM stop a command: what was started is closed, what was graded reported.

    Besides raising KeyboardInterrupt, the handler records the request, because Python drops
    an exception raised inside a finalizer that the signal happened to interrupt; batches look
    at the record between submissions. Returns the handlers it replaced (none off the main thread).
    """
    if threading.current_thread() is not threading.main_thread():
        return {}
    from graders.common.stop import request_stop, stop_is_deferred

    def interrupt(signum: int, frame: object) -> None:
        global _stop_signal
        _stop_signal = signum
        request_stop()
        if not stop_is_deferred():  # else raised when the deferring block ends
            raise KeyboardInterrupt

    return {number: signal.signal(number, interrupt) for number in (signal.SIGINT, signal.SIGTERM)}


def run() -> None:
    """The console script: `main`, then exit without interpreter teardown.

    Everything is written and flushed by then; tearing down JAX's runtime would add
    0.3-0.4 s to every `jaxgrade grade` for nothing. The clean timing workers this
    process started are stopped first (their temporary folders removed).
    """
    code = main()
    from graders.common.registry import close_checks

    close_checks()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    logging.shutdown()
    os._exit(code)


# --------------------------------------------------------------------------- helpers
def _catalogue() -> Mapping[str, Assignment]:
    """Every assignment, with the checks they use registered (imports JAX)."""
    from graders.judge.catalogue import load

    return load()


def _assignment(name: str, lang: str = "en") -> Assignment:
    known = _catalogue()
    if name not in known:
        raise UsageError(t("input.unknown_assignment", lang, name=name, known=", ".join(sorted(known))))
    return known[name]


def _chosen_assignments(names: Sequence[str]) -> list[str]:
    """The assignments a course command names (each checked), or every one in the catalogue."""
    return [_assignment(name).name for name in names] or sorted(_catalogue())


def _token(name: str | None) -> str | None:
    if name is None:
        return None
    value = os.environ.get(name, "")
    if not value:
        raise UsageError(f"--token-env {name}: that environment variable is empty; set it to the token")
    return value


def _write_file(text: str, path: str, option: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise UsageError(f"{option} {path}: {error.strerror or error}; choose a writable path") from None


def _terminal_width() -> int | None:
    """The terminal's width when the report goes to one (rich measures it); None for files and pipes."""
    if not sys.stdout.isatty():
        return None
    from rich.console import Console

    return Console(file=sys.stdout).size.width


# --------------------------------------------------------------------------- jaxgrade grade
def _grade(arguments: argparse.Namespace) -> int:
    from graders.batch.cluster import ClusterError
    from graders.batch.grading import grade_many
    from graders.batch.pool import BatchInterrupted
    from graders.common.assignments import UnknownAssignment
    from graders.common.results import FileError, FileErrorCause
    from graders.judge.options import GradingOptions

    lang = arguments.lang
    formats = [arguments.format, *(report_format for report_format, _ in arguments.report)]
    if "gradescope" in formats and len(arguments.files) != 1:
        raise UsageError(f"the gradescope format grades one submission per run, got {len(arguments.files)} files")
    interrupted = False
    try:
        results = grade_many(arguments.files, arguments.assignment, GradingOptions(lang=lang), jobs=arguments.jobs,
                             scheduler=arguments.scheduler)
    except BatchInterrupted as stop:
        results, interrupted = stop.results, True
    except UnknownAssignment as unknown:
        raise UsageError(t("input.unknown_assignment", lang, name=unknown.name,
                           known=", ".join(sorted(_catalogue())))) from None
    except ClusterError as error:
        raise UsageError(str(error)) from None
    unreadable = [r for r in results if isinstance(r, FileError) and r.cause is FileErrorCause.UNGRADABLE]
    for problem in unreadable:
        sys.stderr.write(f"jaxgrade: error: {problem.message}\n")
    internal = _warn_about(results)
    _write_reports(results, arguments)
    if interrupted:
        done = sum(not (isinstance(r, FileError) and r.cause is FileErrorCause.INTERRUPTED) for r in results)
        sys.stderr.write(f"jaxgrade: interrupted: {done} of {len(results)} files graded; the report shows which\n")
        return EXIT_INTERRUPTED
    return _grade_status(results, arguments.fail_under, bool(internal), bool(unreadable))


def _warn_about(results: Sequence[SubmissionResult | FileError]) -> list[FileError]:
    """One line on stderr for each file graded as another assignment and each internal error."""
    from graders.common.results import FileError, FileErrorCause

    for result in results:
        for flag in getattr(result, "flags", ()):
            if flag.startswith("other-assignment:"):
                sys.stderr.write(f"jaxgrade: warning: {result.submission}: {flag.split(': ', 1)[1]}\n")
    internal = [r for r in results if isinstance(r, FileError) and r.cause is FileErrorCause.INTERNAL]
    for problem in internal:
        sys.stderr.write(f"jaxgrade: error: {problem.submission}: {problem.message}\n")
    return internal


def _write_reports(results: Sequence[SubmissionResult | FileError], arguments: argparse.Namespace) -> None:
    """One grading, several renderings: a CI job needs a summary and a JUnit file, not two gradings."""
    from graders.reports import WRITERS, render_text

    for report_format, path in arguments.report:
        _write_file(WRITERS[report_format](results, lang=arguments.lang), path, "--report")
    if arguments.format == "text" and not arguments.output:
        report = render_text(results, lang=arguments.lang, width=_terminal_width())
    else:
        report = WRITERS[arguments.format](results, lang=arguments.lang)
    if arguments.output:
        _write_file(report, arguments.output, "--output")
    else:
        sys.stdout.write(report)
        sys.stdout.flush()


def _grade_status(results: Sequence[SubmissionResult | FileError], fail_under: float | None, internal: bool,
                  unreadable: bool) -> int:
    if internal:
        return EXIT_INTERNAL
    if unreadable:
        return EXIT_USAGE
    from graders.common.results import SubmissionResult

    if fail_under is not None and any(result.score < fail_under for result in results
                                      if isinstance(result, SubmissionResult)):
        sys.stderr.write(f"jaxgrade: score below --fail-under {fail_under:g}\n")
        return EXIT_BELOW_THRESHOLD
    return EXIT_OK


# --------------------------------------------------------------------------- the other subcommands
def _warm(arguments: argparse.Namespace) -> int:
    from graders.batch.warmup import warm_assignment
    from graders.judge.options import GradingOptions

    catalogue = _catalogue()
    chosen = [_assignment(name) for name in arguments.assignments] or [catalogue[name] for name in sorted(catalogue)]
    options = GradingOptions()
    failed = False
    for assignment in chosen:
        try:
            outcome = warm_assignment(assignment, options)
        except OSError as error:
            raise UsageError(str(error)) from None
        sys.stdout.write(outcome.describe() + "\n")
        failed = failed or not outcome.ok
    return EXIT_INTERNAL if failed else EXIT_OK


def _list(arguments: argparse.Namespace) -> int:
    from graders.common.registry import get_check

    lang = arguments.lang
    lines = []
    for name, assignment in sorted(_catalogue().items()):
        lines.append(f"{name}: {assignment.title[lang]} ({assignment.max_score:g} {t('report.points', lang)})")
        for exercise in assignment.exercises:
            lines.append(f"  {exercise.name}({', '.join(exercise.parameters)}): {exercise.summary[lang]}")
            for check, points in exercise.points.items():
                lines.append(f"    - {check} [{points:g}]: {get_check(check).description[lang]}")
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _autograde(arguments: argparse.Namespace) -> int:
    from rich.console import Console

    from graders.course.autograde_command import autograde_course, render_summary
    from graders.course.nbgrader_steps import StepFailed

    _assignment(arguments.assignment)
    course = Path(arguments.course)
    if not (course / "nbgrader_config.py").is_file():
        raise UsageError(f"{course}: no nbgrader_config.py; pass --course with the course directory")
    if arguments.scheduler:
        _check_scheduler(arguments.scheduler)
    try:
        run = autograde_course(course, arguments.assignment, jobs=arguments.jobs, force=arguments.force,
                               scheduler=arguments.scheduler, console=Console(stderr=True),
                               collect=arguments.collect, student=arguments.student)
    except (StepFailed, ValueError) as error:
        raise UsageError(str(error)) from None
    if not run.outcomes and not run.interrupted:
        if run.refused:
            render_summary(run, Console())
        where = "the exchange has none" if arguments.collect else f"none under {course / 'submitted'}"
        if arguments.student:
            where += f" from {arguments.student}"
        raise UsageError(f"no submissions of {arguments.assignment!r} to grade: {where}")
    render_summary(run, Console())
    if run.interrupted:
        return EXIT_INTERRUPTED
    return EXIT_OK if all(outcome.ok for outcome in run.outcomes) else EXIT_NOT_ALL_GRADED


def _watch(arguments: argparse.Namespace) -> int:
    from rich.console import Console

    from graders.course.deadline import read_due_date
    from graders.course.quota import parse_quota
    from graders.course.watch import (
        Outcome,
        WatchSettings,
        course_config,
        render_watch_summary,
        watch_assignment,
    )

    _assignment(arguments.assignment)
    course = Path(arguments.course)
    if not (course / "nbgrader_config.py").is_file():
        raise UsageError(f"{course}: no nbgrader_config.py; pass --course with the course directory")
    if arguments.until is not None:
        raise UsageError(f"--until is gone: the deadline is {arguments.assignment}'s due date in the gradebook, the "
                         "one `nbgrader collect` and `jaxgrade autograde` honour too; set it with `jaxgrade "
                         f"course due {arguments.assignment} '2027-06-18 23:59' --zone Asia/Seoul`")
    try:
        config = course_config(course, arguments.assignment)
        quota = (parse_quota(arguments.quota) if arguments.quota is not None
                 else parse_quota(config.quota, config.quota_source))
        deadline = read_due_date(course, arguments.assignment)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not config.course_id:
        raise UsageError(f"{course / 'nbgrader_config.py'} sets no c.CourseDirectory.course_id; set it")
    if arguments.scheduler:
        _check_scheduler(arguments.scheduler)
    if arguments.once and arguments.idle_after_deadline:
        raise UsageError("--idle-after-deadline is for the service; with --once the watch always exits")
    settings = WatchSettings(course, arguments.assignment, quota, config, deadline, arguments.jobs,
                             arguments.scheduler, arguments.once)
    # A supervisor's SIGTERM is the service's normal end: it stops within seconds, what was in flight is undone
    # and handled on the next start, and it exits 0 (systemd then counts the stop a success). Ctrl-C (SIGINT),
    # and any stop of `--once`, which did not finish its job, exit 130 as every command does.
    service = not arguments.once
    try:
        run = watch_assignment(settings, Console(stderr=True))
    except KeyboardInterrupt:
        if service and _stop_signal == signal.SIGTERM:
            sys.stderr.write("jaxgrade: stopped\n")
            return EXIT_OK
        raise
    render_watch_summary(run, Console())
    if run.interrupted:
        return EXIT_OK if service and _stop_signal == signal.SIGTERM else EXIT_INTERRUPTED
    if service and run.ended == "deadline" and (arguments.idle_after_deadline
                                                or os.environ.get("JUPYTERHUB_SERVICE_NAME")):
        # JupyterHub starts a managed service again 30 s after it exits, for ever: past the deadline, the
        # service waits instead, holding no lock, until it is stopped.
        _idle_until_stopped(Console(stderr=True), arguments.assignment)
    return EXIT_NOT_ALL_GRADED if arguments.once and run.count(Outcome.FAILED) else EXIT_OK


def _idle_until_stopped(console: Any, assignment: str) -> None:
    """Do nothing until a signal (any of those that stop a command) arrives."""
    import time

    from graders.common.stop import raise_if_stop_requested

    console.print(f"idle until stopped: the deadline has passed, and a supervisor would start an exiting service "
                  f"again; grade with `jaxgrade autograde {assignment}`", soft_wrap=True, markup=False)
    try:
        while True:
            raise_if_stop_requested()
            time.sleep(1)
    except KeyboardInterrupt:
        console.print("stopped", soft_wrap=True, markup=False)


def _review(arguments: argparse.Namespace) -> int:
    from rich.console import Console

    from graders.course.nbgrader_steps import StepFailed
    from graders.course.review_command import ReviewError, decide, flagged_submissions, render_flagged
    from graders.course.reviews import Verdict

    _assignment(arguments.assignment)
    course = Path(arguments.course)
    if not (course / "nbgrader_config.py").is_file():
        raise UsageError(f"{course}: no nbgrader_config.py; pass --course with the course directory")
    student = arguments.approve or arguments.confirm
    if student is None:
        if arguments.note:
            raise UsageError("--note goes with --approve STUDENT or --confirm STUDENT")
        render_flagged(arguments.assignment, flagged_submissions(course, arguments.assignment), Console())
        return EXIT_OK
    verdict = Verdict.APPROVED if arguments.approve else Verdict.CONFIRMED
    try:
        decide(course, arguments.assignment, student, verdict, arguments.note, Console())
    except (ReviewError, StepFailed) as error:
        raise UsageError(str(error)) from None
    return EXIT_OK


def _check_scheduler(address: str) -> None:
    """Fail in one line, before any student, when the cluster cannot be used."""
    from graders.batch.cluster import ClusterError, check_cluster

    try:
        check_cluster(address)
    except ClusterError as error:
        raise UsageError(str(error)) from None


def _demo(arguments: argparse.Namespace) -> int:
    from rich.console import Console

    from graders.course.demo import run_demo

    try:
        run_demo(Path(arguments.samples), arguments.lang, Console())
    except ValueError as error:
        raise UsageError(str(error)) from None
    return EXIT_OK


def _report(arguments: argparse.Namespace) -> int:
    from graders.course.class_report import load_course
    from graders.course.watch_history import history_files
    from graders.reports.analytics import load_reports, render_analytics
    from graders.reports.progress import read_history

    if bool(arguments.reports) == bool(arguments.gradebook):
        raise UsageError("pass JSON reports or --gradebook PATH (one of the two)")
    try:
        if arguments.gradebook:
            if not Path(arguments.gradebook).is_file():
                raise ValueError(f"{arguments.gradebook}: no such gradebook; pass the course's gradebook.db")
            data = load_course(Path(arguments.gradebook))
        else:
            missing = [path for path in arguments.reports if not Path(path).is_file()]
            if missing:
                raise ValueError(f"{missing[0]}: no such file; pass files written by --format json")
            data = load_reports(Path(path) for path in arguments.reports)
        histories = [Path(path) for path in arguments.history]
        if not histories and arguments.gradebook:
            histories = history_files(Path(arguments.gradebook).parent)
        for path in histories:
            if not path.is_file():
                raise ValueError(f"--history {path}: no such file; pass a history.jsonl written by `jaxgrade watch`")
            data.history.extend(read_history(path))
    except ValueError as error:
        raise UsageError(str(error)) from None
    _write_file(render_analytics(data), arguments.output, "--output")
    progress = f", {len(data.history)} verdicts before the deadline" if data.history else ""
    sys.stdout.write(f"wrote {arguments.output}: {len(data.submissions)} graded, {len(data.ungraded)} not graded"
                     f"{progress}\n")
    if data.overrides:
        sys.stdout.write(f"{len(data.overrides)} grades in the gradebook are not the judge's; check that you gave "
                         "them yourself (formgrader, Manual Grading):\n"
                         + "".join(f"  - {line}\n" for line in data.overrides))
    if data.reviews:
        sys.stdout.write(f"{len(data.reviews)} submissions flagged for review:\n"
                         + "".join(f"  - {line}\n" for line in data.reviews))
    if data.refused:
        sys.stdout.write(f"{len(data.refused)} entries in the exchange were never collected:\n"
                         + "".join(f"  - {line}\n" for line in data.refused))
    return EXIT_OK


def _classroom_grade(arguments: argparse.Namespace) -> int:
    from graders.course.classroom import ClassroomError, grade_classroom, read_roster

    _assignment(arguments.assignment, arguments.lang)
    try:
        records = grade_classroom(read_roster(Path(arguments.roster)), arguments.assignment, arguments.notebook,
                                  Path(arguments.out), arguments.deadline, _token(arguments.token_env),
                                  arguments.jobs, arguments.lang, arguments.server)
    except ClassroomError as error:
        raise UsageError(str(error)) from None
    for record in records:
        score = f"{record.score:g} / {record.max_score:g}" if record.score is not None else "-"
        sys.stdout.write(f"{record.student}\t{score}\t{record.commit[:12] or '-'}\t{record.description}\n")
    return EXIT_OK if all(record.score is not None for record in records) else EXIT_NOT_ALL_GRADED


def _classroom_publish(arguments: argparse.Namespace) -> int:
    from graders.course.classroom import ClassroomError, publish

    token = _token(arguments.token_env) or ""
    try:
        problems = publish(Path(arguments.out), arguments.api.rstrip("/"), token, arguments.context,
                           arguments.target_url)
    except ClassroomError as error:
        raise UsageError(str(error)) from None
    for problem in problems:
        sys.stderr.write(f"jaxgrade: warning: {problem}\n")
    return EXIT_OK


def _course_build(arguments: argparse.Namespace) -> int:
    from graders.course.content import CONTENTS
    from graders.course.notebooks import write_notebooks

    # The README is read and its new table made first: a README that cannot take it stops the build
    # before anything is written.
    readme = _readme_rewrite(Path(arguments.readme)) if arguments.readme else None
    for path in write_notebooks(CONTENTS, Path(arguments.exercises)):
        sys.stdout.write(f"wrote {path}\n")
    from graders.course.stubs import refresh_stub

    for assignment in _catalogue().values():
        stub = refresh_stub(Path(arguments.exercises).resolve().parent, assignment)
        if stub is not None:
            sys.stdout.write(f"wrote {stub} (the untouched submission, from the spec)\n")
    if readme is not None:
        path, text = readme
        replacement = path.with_name(f".{path.name}.jaxgrade-new")
        replacement.write_text(text, encoding="utf-8")
        os.replace(replacement, path)
        sys.stdout.write(f"wrote {path} (its table of assignments)\n")
    return EXIT_OK


def _readme_rewrite(path: Path) -> tuple[Path, str] | None:
    """The README with its table of assignments written from the catalogue; None if it already has it."""
    from graders.course.readme import ReadmeError, assignment_table, with_assignment_table

    try:
        text = path.read_text(encoding="utf-8")
        updated = with_assignment_table(text, assignment_table(_catalogue()))
    except OSError as error:
        raise UsageError(f"--readme {path}: {error.strerror or error}; pass the README to rewrite") from None
    except UnicodeDecodeError:
        raise UsageError(f"--readme {path}: not UTF-8 text; pass the project's README.md") from None
    except ReadmeError as error:
        raise UsageError(f"--readme {path}: {error}") from None
    return (path, updated) if updated != text else None


def _course_release(arguments: argparse.Namespace) -> int:
    from graders.course.release import ReleaseError, generate_release

    root, chosen = Path(arguments.root), _chosen_assignments(arguments.assignments)
    if not (root / "nbgrader_config.py").is_file() or not (root / "exercises").is_dir():
        raise UsageError(f"{root} is not the course repository (no nbgrader_config.py or exercises/); pass --root")
    try:
        written = generate_release(root, chosen)
    except ReleaseError as error:
        raise UsageError(str(error)) from None
    for path in written:
        sys.stdout.write(f"wrote {path}\n")
    sys.stdout.write(f"recorded {', '.join(chosen)} in {root / 'gradebook.db'}\n")
    return EXIT_OK


def _course_setup(arguments: argparse.Namespace) -> int:
    from graders.course.setup import SetupError, set_up_course

    root, chosen = Path(arguments.root), _chosen_assignments(arguments.assignments)
    try:
        result = set_up_course(root, chosen)
    except SetupError as error:
        raise UsageError(str(error)) from None
    for name in chosen:
        sys.stdout.write(f"{name}: {', '.join(result.notebooks[name])} recorded, {result.points[name]:g} points\n")
    sys.stdout.write(f"the gradebook {result.gradebook} knows {len(chosen)} assignment(s); release/ unchanged\n")
    return EXIT_OK


def _course_due(arguments: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from graders.course.deadline import (
        DeadlineError,
        DueDate,
        course_zone,
        parse_due_date,
        read_due_date,
        write_due_date,
        zone_named,
    )

    name = _assignment(arguments.assignment).name
    course = Path(arguments.course)
    if not (course / "nbgrader_config.py").is_file():
        raise UsageError(f"--course {course}: no nbgrader_config.py there; pass the course directory")
    try:
        shown_in = course_zone(course)
        if arguments.when is None:
            if arguments.zone is not None:
                shown_in = zone_named(arguments.zone, "--zone")
            stored = read_due_date(course, name)
            said = "no due date" if stored is None else f"due {DueDate(stored, shown_in).text()}"
            sys.stdout.write(f"{name}: {said}\n")
            return EXIT_OK
        zone = zone_named(arguments.zone, "--zone") if arguments.zone is not None else shown_in
        due = parse_due_date(arguments.when, zone, zone_given=arguments.zone is not None)
    except DeadlineError as error:
        raise UsageError(str(error)) from None
    write_due_date(course, name, due)
    sys.stdout.write(f"{name}: due {DueDate(due, shown_in).text()}\n")
    if due <= datetime.now(UTC):
        sys.stdout.write("note: that is already past: the watch gives no more verdicts, and collecting takes only "
                         "what was submitted before it\n")
    sys.stdout.write("a running `jaxgrade watch` reads the due date when it starts: restart it\n")
    return EXIT_OK


def _course_new(arguments: argparse.Namespace) -> int:
    from graders.course.scaffold import ScaffoldError, new_assignment

    root = Path(arguments.root)
    try:
        written = new_assignment(root, arguments.name, arguments.title_en, arguments.title_ko)
    except ScaffoldError as error:
        raise UsageError(str(error)) from None
    sys.stdout.write(f"wrote assignment {arguments.name}, with one worked exercise (clip_to_unit):\n")
    sys.stdout.write("".join(f"  edit  {path.relative_to(root)}\n" for path in written.edit))
    sys.stdout.write("".join(f"  keep  {path.relative_to(root)} (the corpus grades it)\n" for path in written.corpus))
    sys.stdout.write(f"next: jaxgrade course try {arguments.name} [FILE ...], then "
                     f"make exercise-check ASSIGNMENT={arguments.name} REGENERATE=1 (docs/authoring.md)\n")
    return EXIT_OK


def _course_try(arguments: argparse.Namespace) -> int:
    from graders.common.assignments import UnknownAssignment
    from graders.common.spec import SpecError
    from graders.course.draft import try_draft
    from graders.reports import render_text

    missing = [name for name in arguments.files if not Path(name).is_file()]
    if missing:
        raise UsageError(f"FILE {missing[0]!r} is not a file; give the paths of the submissions to grade")
    if not (Path(arguments.root) / "solutions").is_dir():
        raise UsageError(f"--root {arguments.root}: no solutions/ here; run jaxgrade course try in the course "
                         "repository, or pass --root with its path")
    try:
        tried = try_draft(Path(arguments.root), arguments.name, [Path(name) for name in arguments.files],
                          arguments.lang)
    except SpecError as error:
        raise UsageError(str(error).splitlines()[0]) from None
    except UnknownAssignment:
        raise UsageError(f"name={arguments.name!r}: no module of graders/judge/catalogue/ declares it; "
                         f"jaxgrade course new {arguments.name} writes one") from None
    failed_own = [result for check, result in zip(tried.checks, tried.own) if not check.ok]
    if failed_own or tried.results:
        sys.stdout.write(render_text([*failed_own, *tried.results], arguments.lang, _terminal_width()))
    for check in tried.checks:
        detail = f" ({check.detail})" if check.detail else ""
        sys.stdout.write(f"{'ok  ' if check.ok else 'FAIL'} {check.what}{detail}\n")
    return EXIT_OK if tried.ok else EXIT_BELOW_THRESHOLD


def _course_check(arguments: argparse.Namespace) -> int:
    from graders.course.check import check_course

    findings = check_course(Path(arguments.root))
    for finding in findings:
        mark = "ok  " if finding.ok else "FAIL"
        sys.stdout.write(f"{mark} {finding.what}{f' ({finding.detail})' if finding.detail else ''}\n")
    failed = sum(not finding.ok for finding in findings)
    sys.stdout.write(f"{len(findings) - failed} passed, {failed} failed\n")
    return EXIT_OK if not failed else EXIT_BELOW_THRESHOLD


if __name__ == "__main__":
    run()
