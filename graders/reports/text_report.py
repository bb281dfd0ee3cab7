"""A report for the terminal, rendered with rich: every word of every message, at any width.

Each check is one line (result, check, points) with its explanation below,
indented and wrapped to the terminal's width, never cut: a table with a narrow
message column would truncate Korean and English alike on an 80-column screen.
Files that could not be graded are not repeated here; the command reports them
on stderr.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from graders.common.i18n import t
from graders.common.registry import get_check
from graders.common.results import CheckResult, FileError, Status, SubmissionResult

__all__ = ["render_text"]

_STYLE = {Status.PASSED: "green", Status.FAILED: "red", Status.ERROR: "magenta", Status.SKIPPED: "yellow"}
_OUTPUT_LINES = 15
_INDENT = 6
DEFAULT_WIDTH = 100


def _points(value: float) -> str:
    return f"{value:g}"


def _message(check: CheckResult, lang: str) -> str:
    """The verdict, plus the figures a check measured, in the words of the check itself."""
    try:
        render = get_check(check.name).render_timings
    except KeyError:
        render = None
    figures = render(check.timings, lang) if render is not None and check.timings else ""
    return f"{check.message} ({figures})" if figures else check.message


def _padded(text: str, cells: int) -> str:
    return text + " " * max(0, cells - cell_len(text))


def render_text(results: Sequence[SubmissionResult | FileError], lang: str = "en",
                width: int | None = None) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width or DEFAULT_WIDTH, force_terminal=False, color_system=None,
                      highlight=False)
    status_cells = max(cell_len(t(f"status.{status.value}", lang)) for status in Status)
    for result in results:
        if isinstance(result, FileError):
            continue
        console.print(Text.assemble((f"{t('report.submission', lang)}: ", "bold"), result.submission))
        console.print(Text.assemble((f"{t('report.assignment', lang)}: ", "bold"), result.assignment, "   ",
                                    (f"{t('report.score', lang)}: ", "bold"),
                                    f"{_points(result.score)} / {_points(result.max_score)}"))
        check_cells = max((len(check.name) for exercise in result.exercises for check in exercise.checks),
                          default=0)
        for exercise in result.exercises:
            console.print()
            console.print(Text.assemble((exercise.name, "bold"),
                                        f"  {_points(exercise.score)}/{_points(exercise.max_score)}"))
            for check in exercise.checks:
                status = t(f"status.{check.status.value}", lang)
                console.print(Text.assemble(
                    "  ", (_padded(status, status_cells), _STYLE[check.status]), "  ",
                    _padded(check.name, check_cells), "  ",
                    f"{_points(check.points)}/{_points(check.max_points)}",
                ))
                console.print(Padding(Text(_message(check, lang)), (0, 0, 0, _INDENT)))
        if result.flags:
            console.print()
            console.print(Text(f"{t('report.flags', lang)}:", style="bold"))
            for flag in result.flags:
                console.print(Padding(Text(f"- {flag}"), (0, 0, 0, 2)))
        if result.student_output.strip():
            console.print()
            console.print(Text(f"{t('report.output', lang)}:", style="bold"))
            lines = result.student_output.strip().splitlines()[:_OUTPUT_LINES]
            console.print(Padding(Text("\n".join(f"| {line}" for line in lines)), (0, 0, 0, 2)))
        console.print()
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())
