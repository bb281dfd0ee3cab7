"""Markdown, the one renderer of it: a class's summary for `$GITHUB_STEP_SUMMARY` and pull-request
comments (`render_markdown`), and one function's feedback as a student reads it in nbgrader's feedback
and the autograded notebook (`render_feedback`). Both mark a check the same way (`MARKS`).

Messages, flags and file names carry student text (exceptions, output, names): every one is escaped,
so none of it is markup in GitHub's, markdown-it's or nbconvert's renderers, which all keep raw HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from graders.common.format import first_sentence, markdown_text
from graders.common.i18n import t
from graders.common.results import CheckResult, ExerciseResult, FileError, Status, SubmissionResult

__all__ = ["MARKS", "check_state", "render_feedback", "render_markdown"]

# A check's mark by its state (`check_state`). An emoji carries its colour in every renderer (nbgrader's
# HTML, JupyterLab, GitHub, a terminal): nbgrader's sanitizer keeps no `style` or `class`.
MARKS = {"passed": "✅", "failed": "❌", "error": "⚠️", "skipped": "⏭️", "withheld": "⏸️"}


def check_state(check: CheckResult) -> str:
    """`withheld` for a check held for the instructor's review, else its status."""
    return "withheld" if check.details.get("withheld") else check.status.value


def _cell(text: str) -> str:
    return markdown_text(text, inline=True)


def _code(text: str) -> str:
    # A code span cannot hold every name (a backtick ends it); <code> around escaped text can.
    return f"<code>{markdown_text(text, inline=True)}</code>"


def render_markdown(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    """A class's results: each file's score, a table of its exercises, and each failing check folded."""
    lines: list[str] = []
    for result in results:
        if isinstance(result, FileError):
            lines += [f"## {MARKS['error']} {_code(result.submission)}", "", _cell(result.message), ""]
            continue
        lines += [f"## jaxgrade · {_code(result.submission)} · {_cell(result.assignment)}: "
                  f"**{result.score:g} / {result.max_score:g}**", ""]
        lines += [f"| {t('report.exercise', lang)} | {t('report.points', lang)} | {t('report.check', lang)} |",
                  "| --- | ---: | --- |"]
        for exercise in result.exercises:
            checks = " ".join(f"{MARKS[check_state(check)]} `{check.name}`" for check in exercise.checks)
            lines.append(f"| `{exercise.name}` | {exercise.score:g} / {exercise.max_score:g} | {checks} |")
        lines.append("")
        for exercise in result.exercises:
            for check in exercise.checks:
                if check.status in (Status.FAILED, Status.ERROR):
                    lines += [f"<details><summary>{MARKS[check_state(check)]} <code>{exercise.name}</code> · "
                              f"<code>{check.name}</code> ({check.points:g}/{check.max_points:g})</summary>", "",
                              markdown_text(check.message), "", "</details>", ""]
        if result.flags:
            lines += [f"**{t('report.flags', lang)}**", ""] + [f"- {_cell(flag)}" for flag in result.flags] + [""]
    return "\n".join(lines).rstrip() + "\n"


def render_feedback(exercise: ExerciseResult, notes: Sequence[str], lang: str, *, plain: bool = False) -> str:
    """One function's verdicts as the student reads them: its mark and score, what is wrong first, each
    check on its own line, and every full explanation folded below (no table: Korean text needs the
    page's width). `notes`: the submission's flags, shown once. `plain`: the same for a plain-text
    view, unescaped and unfolded (no renderer reads it as markup)."""
    escape: Callable[[str], str] = (lambda text: text.replace("\n", " ")) if plain else _cell
    states = [check_state(check) for check in exercise.checks]
    worst = next((state for state in ("failed", "error", "withheld") if state in states), "passed")
    if worst == "passed" and exercise.score < exercise.max_score:
        worst = "skipped"  # nothing failed, yet points are missing (the time ran out): never a ✅
    lines = [f"{MARKS[worst]} **jaxgrade · `{exercise.name}`: {exercise.score:g} / {exercise.max_score:g}**", ""]
    first_problem = next((check for check, state in zip(exercise.checks, states, strict=True) if state != "passed"),
                         None)
    if first_problem is not None and first_problem.message:
        lines += [f"> {escape(first_sentence(first_problem.message))}", ""]
    for check, state in zip(exercise.checks, states, strict=True):
        points = f"{check.points:g}/{check.max_points:g}"
        lines.append(f"- {MARKS[state]} `{check.name}` · {t(f'status.{state}', lang)} · {points}")
    if notes:
        lines += ["", f"**{t('report.flags', lang)}**", ""] + [f"- {escape(note)}" for note in notes]
    explained = [(check, state) for check, state in zip(exercise.checks, states, strict=True) if check.message]
    if explained:
        title = t("report.details", lang)
        # The marker is text: the pages that render it (the feedback page, Manual Grading) style `summary` as a
        # block, which hides the browser's own triangle, and a student's page may carry no style of ours.
        lines += ["", title if plain else f"<details><summary>▸ {title}</summary>", ""]
        lines += [f"- `{check.name}` ({t(f'status.{state}', lang)}): {escape(check.message)}"
                  for check, state in explained]
        lines += [] if plain else ["", "</details>"]
    return "\n".join(lines)
