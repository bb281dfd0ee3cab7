"""Class analytics for instructors: one self-contained HTML page from many JSON reports.

Reads what `jaxgrade grade --format json` writes (arrays of submission reports),
or a course's gradebook and the judge's records (`course.class_report`), and shows where the class stands: score
distributions per assignment and exercise, the failure rate of each check
(which concept was missed), the most common failure messages, and the
submissions that could not be graded. With `jaxgrade watch`'s history, it also
shows progress before the deadline: how many students pass each check, by day
(`progress`). Charts are matplotlib figures embedded as SVG, so the page needs
nothing but itself.
"""

from __future__ import annotations

import html
import io
import json
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .progress import progress_by_day, render_progress_html

__all__ = ["ClassData", "load_reports", "render_analytics"]

_VARIABLE = (
    (re.compile(r"array\([^()]*\)"), "array(…)"),
    (re.compile(r"\{[^{}]*\}"), "{…}"),
    (re.compile(r"-?\d+(\.\d+)?(e-?\d+)?"), "#"),
)


@dataclass
class ClassData:
    """What the page shows: graded and ungraded submissions, `jaxgrade watch`'s verdicts (`progress`),
    and, from a course, the audit lists: grades that are not the judge's and exchange entries never
    collected, and the submissions held for review with the decisions on them (one sentence each)."""

    submissions: list[dict[str, Any]] = field(default_factory=list)
    ungraded: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    overrides: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    reviews: list[str] = field(default_factory=list)

    def add(self, report: dict[str, Any]) -> None:
        (self.ungraded if report.get("error") else self.submissions).append(report)


def load_reports(paths: Iterable[Path]) -> ClassData:
    data = ClassData()
    for path in paths:
        try:
            content = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: not a jaxgrade JSON report ({error}); pass files from --format json") from None
        reports = content if isinstance(content, list) else [content]
        for report in reports:
            if not isinstance(report, dict) or "submission" not in report or "exercises" not in report:
                raise ValueError(f"{path}: not a jaxgrade JSON report; pass files from --format json")
            data.add(report)
    return data


def _signature(message: str) -> str:
    text = message.split("\n", 1)[0]  # the cause and the line; the input and JAX's words follow
    for pattern, replacement in _VARIABLE:
        text = pattern.sub(replacement, text)
    return text[:220]


def summarise(data: ClassData) -> dict[str, Any]:
    by_assignment: dict[str, list[float]] = defaultdict(list)
    by_exercise: dict[tuple[str, str], list[float]] = defaultdict(list)
    checks: dict[tuple[str, str, str], list[bool]] = defaultdict(list)
    messages: Counter[tuple[str, str, str]] = Counter()
    for report in data.submissions:
        assignment = report["assignment"]
        by_assignment[assignment].append(100.0 * report["score"] / report["max_score"] if report["max_score"] else 0.0)
        for exercise in report["exercises"]:
            fraction = exercise["score"] / exercise["max_score"] if exercise["max_score"] else 0.0
            by_exercise[(assignment, exercise["name"])].append(100.0 * fraction)
            for check in exercise["checks"]:
                if check["status"] == "skipped":
                    continue
                failed = check["status"] in ("failed", "error")
                checks[(assignment, exercise["name"], check["name"])].append(failed)
                if failed:
                    messages[(exercise["name"], check["name"], _signature(check["message"]))] += 1
    concept_failures: dict[str, list[bool]] = defaultdict(list)
    for (_, _, check), outcomes in checks.items():
        concept_failures[check].extend(outcomes)
    return {
        "submissions": len(data.submissions),
        "ungraded": len(data.ungraded),
        "assignments": {name: scores for name, scores in sorted(by_assignment.items())},
        "exercises": {f"{a}/{e}": scores for (a, e), scores in sorted(by_exercise.items())},
        "check_failure_rate": {name: sum(v) / len(v) for name, v in sorted(concept_failures.items())},
        "messages": messages.most_common(10),
    }


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buffer.getvalue().split("?>", 1)[-1]


def _charts(summary: dict[str, Any]) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "jaxgrade"  # stable element ids: the same data gives the same page
    import matplotlib.pyplot as plt

    charts = {}
    if summary["assignments"]:
        figure, axes = plt.subplots(figsize=(7, 3))
        axes.hist(list(summary["assignments"].values()), bins=[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100.01],
                  label=list(summary["assignments"]))
        axes.set_xlabel("score (% of points)")
        axes.set_ylabel("submissions")
        axes.legend()
        charts["distribution"] = _svg(figure)
        plt.close(figure)
    bars = (("exercises", {name: statistics.mean(v) for name, v in summary["exercises"].items()},
             "mean score (% of points)", "#4c72b0"),
            ("checks", {name: 100 * rate for name, rate in summary["check_failure_rate"].items()},
             "failed (% of graded checks)", "#c44e52"))
    for key, values, label, color in bars:
        if values:
            figure, axes = plt.subplots(figsize=(7, 0.35 * len(values) + 1))
            axes.barh(list(values), list(values.values()), color=color)
            axes.set_xlim(0, 100)
            axes.set_xlabel(label)
            axes.invert_yaxis()
            charts[key] = _svg(figure)
            plt.close(figure)
    return charts


def _local_zone() -> str:
    """This machine's time zone, as the progress section names its days' zone."""
    now = datetime.now().astimezone()
    offset = now.strftime("%z")
    return f"{now.tzname()}, UTC{offset[:3]}:{offset[3:]}" if offset else str(now.tzname())


def render_analytics(data: ClassData, title: str = "jaxgrade class report") -> str:
    summary = summarise(data)
    charts = _charts(summary)
    escape = html.escape
    rows_assignments = "".join(
        f"<tr><td>{escape(name)}</td><td class='n' data-count='{len(scores)}'>{len(scores)}</td>"
        f"<td class='n' data-mean='{statistics.mean(scores):.1f}'>{statistics.mean(scores):.1f}</td>"
        f"<td class='n'>{statistics.median(scores):.1f}</td></tr>"
        for name, scores in summary["assignments"].items())
    rows_exercises = "".join(
        f"<tr><td>{escape(name)}</td><td class='n' data-mean='{statistics.mean(scores):.1f}'>"
        f"{statistics.mean(scores):.1f}</td><td class='n'>{sum(s == 100.0 for s in scores)}</td></tr>"
        for name, scores in summary["exercises"].items())
    rows_checks = "".join(
        f"<tr><td>{escape(name)}</td><td class='n' data-rate='{100 * rate:.1f}'>{100 * rate:.1f}%</td></tr>"
        for name, rate in summary["check_failure_rate"].items())
    rows_messages = "".join(
        f"<tr><td class='n' data-count='{count}'>{count}</td><td>{escape(exercise)} · {escape(check)}</td>"
        f"<td>{escape(message)}</td></tr>" for (exercise, check, message), count in summary["messages"])
    rows_ungraded = "".join(
        f"<tr><td>{escape(str(r['submission']))}</td><td>{escape(str(r.get('error', '')))}</td></tr>"
        for r in data.ungraded) or "<tr><td colspan='2'>none</td></tr>"

    audit = ""
    if data.reviews:
        reviewed = "".join(f"<li>{escape(line)}</li>" for line in data.reviews)
        audit += f"<h2>Held for review</h2><ul id='reviews'>{reviewed}</ul>"
    if data.overrides or data.refused:
        overridden = "".join(f"<li>{escape(line)}</li>" for line in data.overrides) or "<li>none</li>"
        refused = "".join(f"<li>{escape(line)}</li>" for line in data.refused) or "<li>none</li>"
        audit += (f"<h2>Grades that are not the judge's</h2><p>Check that you gave each of them yourself "
                 f"(formgrader, Manual Grading).</p><ul id='overrides'>{overridden}</ul>"
                 f"<h2>Exchange entries never collected</h2><ul id='refused'>{refused}</ul>")

    def figure(key: str) -> str:
        return f"<figure>{charts[key]}</figure>" if key in charts else ""

    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; max-width: 960px; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
td, th {{ border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }}
td.n {{ text-align: right; }} figure {{ margin: 0; }}
</style></head><body>
<h1>{escape(title)}</h1>
<p id="totals" data-submissions="{summary['submissions']}" data-ungraded="{summary['ungraded']}">
{summary['submissions']} graded submissions, {summary['ungraded']} could not be graded.</p>
<h2>Score distribution per assignment</h2>{figure('distribution')}
<table id="assignments"><tr><th>assignment</th><th>submissions</th><th>mean %</th><th>median %</th></tr>\
{rows_assignments}</table>
<h2>Exercises</h2>{figure('exercises')}
<table id="exercises"><tr><th>exercise</th><th>mean %</th><th>full marks</th></tr>{rows_exercises}</table>
<h2>Which concepts the class missed: failure rate per check</h2>{figure('checks')}
<table id="checks"><tr><th>check</th><th>failed</th></tr>{rows_checks}</table>
{render_progress_html(progress_by_day(data.history), _local_zone())}
<h2>Most common failures</h2>
<table id="messages"><tr><th>count</th><th>where</th><th>message (inputs elided)</th></tr>{rows_messages}</table>
<h2>Submissions that could not be graded</h2>
<table id="ungraded"><tr><th>submission</th><th>reason</th></tr>{rows_ungraded}</table>
{audit}
</body></html>
"""
