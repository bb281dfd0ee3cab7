"""A readable table per submission for the terminal (rendered with rich)."""

from __future__ import annotations

import io
from typing import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..i18n import t
from ..registry import get_check
from ..results import CheckResult, FileError, Status, SubmissionResult

__all__ = ["render_text"]

_STYLE = {Status.PASSED: "green", Status.FAILED: "red", Status.ERROR: "magenta", Status.SKIPPED: "yellow"}
_OUTPUT_LINES = 15


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


def render_text(results: Sequence[SubmissionResult | FileError], lang: str = "en", width: int = 140) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None, soft_wrap=False)
    for result in results:
        if isinstance(result, FileError):
            console.print(Text(f"{t('report.submission', lang)}: {result.submission}   {result.message}"))
            console.print()
            continue
        console.print(
            f"[bold]{t('report.submission', lang)}:[/bold] {result.submission}   "
            f"[bold]{t('report.assignment', lang)}:[/bold] {result.assignment}   "
            f"[bold]{t('report.score', lang)}:[/bold] {_points(result.score)} / {_points(result.max_score)}"
        )
        table = Table(show_lines=True, expand=True)
        table.add_column(t("report.exercise", lang), no_wrap=True)
        table.add_column(t("report.check", lang), no_wrap=True)
        table.add_column(t("report.status", lang), no_wrap=True)
        table.add_column(t("report.points", lang), no_wrap=True, justify="right")
        table.add_column(t("report.message", lang), ratio=1)
        for exercise in result.exercises:
            for position, check in enumerate(exercise.checks):
                table.add_row(
                    f"{exercise.name} ({_points(exercise.score)}/{_points(exercise.max_score)})" if position == 0 else "",
                    check.name,
                    Text(t(f"status.{check.status.value}", lang), style=_STYLE[check.status]),
                    f"{_points(check.points)}/{_points(check.max_points)}",
                    Text(_message(check, lang)),
                )
        console.print(table)
        if result.flags:
            console.print(f"[bold]{t('report.flags', lang)}:[/bold]")
            for flag in result.flags:
                console.print(Text(f"  - {flag}"))
        if result.student_output.strip():
            console.print(f"[bold]{t('report.output', lang)}:[/bold]")
            lines = result.student_output.strip().splitlines()[:_OUTPUT_LINES]
            console.print(Text("\n".join(f"  | {line}" for line in lines)))
        console.print()
    return buffer.getvalue()
