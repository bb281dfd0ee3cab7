"""`jaxgrade`: the command line.

Exit codes: 0 grading ran (whatever the scores); 2 bad usage or an input that
could not be graded (the other files are still graded); 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Sequence

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, t

__all__ = ["main"]

EXIT_OK = 0
EXIT_USAGE = 2
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


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jaxgrade", description="Grade JAX course submissions with hidden, trusted graders.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    grade = commands.add_parser("grade", help="grade submission files (.ipynb or .py)")
    grade.add_argument("--assignment", required=True, help="assignment name (see 'jaxgrade list')")
    grade.add_argument("--format", choices=("text", "json"), default="text", help="report format (default: text)")
    grade.add_argument("--jobs", type=_positive_int, default=1, help="submissions graded in parallel (default: 1)")
    grade.add_argument("--lang", choices=LANGUAGES, default=_default_language(),
                       help=f"language of messages (default: {DEFAULT_LANGUAGE}, or $JAXGRADE_LANG)")
    grade.add_argument("files", nargs="+", metavar="FILE", help="submission notebooks or Python files")

    listing = commands.add_parser("list", help="show assignments, exercises, checks and points")
    listing.add_argument("--lang", choices=LANGUAGES, default=_default_language())
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        arguments = _build_parser().parse_args(argv)
        if arguments.command == "list":
            return _list(arguments.lang)
        return _grade(arguments)
    except KeyboardInterrupt:
        sys.stderr.write("jaxgrade: interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exit_request:
        return int(exit_request.code or 0)


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


def _grade(arguments: argparse.Namespace) -> int:
    from .judge import GradingOptions
    from .registry import UnknownAssignment, get_assignment
    from .reports import WRITERS
    from .submission import SubmissionError, read_submission

    try:
        get_assignment(arguments.assignment)
    except UnknownAssignment as error:
        sys.stderr.write(f"jaxgrade: error: {error}\n")
        return EXIT_USAGE

    # Validate every file first, in the judge, so one bad file costs only itself.
    readable: list[str] = []
    problems = 0
    for path in arguments.files:
        try:
            read_submission(path)
        except SubmissionError as error:
            sys.stderr.write(f"jaxgrade: error: {error}\n")
            problems += 1
        else:
            readable.append(path)

    options = GradingOptions(lang=arguments.lang)
    results = _grade_all(readable, arguments.assignment, options, arguments.jobs)
    sys.stdout.write(WRITERS[arguments.format](results, lang=arguments.lang))
    sys.stdout.flush()
    return EXIT_USAGE if problems else EXIT_OK


def _grade_one(job: tuple[str, str, object]):  # type: ignore[no-untyped-def]
    from .judge import grade_path

    path, assignment, options = job
    return grade_path(path, assignment, options)  # type: ignore[arg-type]


def _grade_all(paths: list[str], assignment: str, options: object, jobs: int) -> list:
    work = [(path, assignment, options) for path in paths]
    if jobs == 1 or len(work) <= 1:
        return [_grade_one(job) for job in work]
    # spawn, not fork: the parent may already hold JAX's threads.
    with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=get_context("spawn")) as pool:
        return list(pool.map(_grade_one, work))


if __name__ == "__main__":
    raise SystemExit(main())
