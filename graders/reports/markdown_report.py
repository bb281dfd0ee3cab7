"""Markdown for `$GITHUB_STEP_SUMMARY` and pull-request comments."""

from __future__ import annotations

from collections.abc import Sequence

from graders.common.format import markdown_text
from graders.common.i18n import t
from graders.common.results import FileError, Status, SubmissionResult

__all__ = ["render_markdown"]

_ICON = {Status.PASSED: "✅", Status.FAILED: "❌", Status.ERROR: "⚠️", Status.SKIPPED: "⏭️"}


def _cell(text: str) -> str:
    # Messages, flags and file names carry student text: escaped, so none of it is markup.
    return markdown_text(text, inline=True)


def _code(text: str) -> str:
    # A code span cannot hold every name (a backtick ends it); <code> around escaped text can.
    return f"<code>{markdown_text(text, inline=True)}</code>"


def render_markdown(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    lines: list[str] = []
    for result in results:
        if isinstance(result, FileError):
            lines += [f"## ⚠️ {_code(result.submission)}", "", _cell(result.message), ""]
            continue
        lines += [f"## jaxgrade · {_code(result.submission)} · {_cell(result.assignment)}: "
                  f"**{result.score:g} / {result.max_score:g}**", ""]
        lines += [f"| {t('report.exercise', lang)} | {t('report.points', lang)} | {t('report.check', lang)} |",
                  "| --- | ---: | --- |"]
        for exercise in result.exercises:
            checks = " ".join(f"{_ICON[check.status]} `{check.name}`" for check in exercise.checks)
            lines.append(f"| `{exercise.name}` | {exercise.score:g} / {exercise.max_score:g} | {checks} |")
        lines.append("")
        for exercise in result.exercises:
            for check in exercise.checks:
                if check.status in (Status.FAILED, Status.ERROR):
                    lines += [f"<details><summary>{_ICON[check.status]} <code>{exercise.name}</code> · "
                              f"<code>{check.name}</code> ({check.points:g}/{check.max_points:g})</summary>", "",
                              markdown_text(check.message), "", "</details>", ""]
        if result.flags:
            lines += [f"**{t('report.flags', lang)}**", ""] + [f"- {_cell(flag)}" for flag in result.flags] + [""]
    return "\n".join(lines).rstrip() + "\n"
