"""Submissions flagged for review: what tripped, and the points withheld until a person looks.

Three sources, in the order of how much the judge trusts them: the judge's own
reading of the source (`graders/judge/source/tripwires.py`), its look at the worker's
channel from outside (`/proc`), and the audit hook's records from inside the
worker. Any of them flags the submission `needs-review`. A flag only ever takes
points away, and only from checks that rest on what the worker reports:
correctness, which the judge checks itself, keeps its points.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from graders.common.i18n import t
from graders.common.registry import get_check
from graders.common.results import CheckResult, ExerciseResult, Status

from .flags import Flag, raise_flag
from .source import ParsedCell, Tripwire
from .source.tripwires import KINDS
from .submission import Submission
from .supervisor.replies import AuditEvent, LibraryChange

__all__ = ["ReviewReason", "review_entries", "review_flags", "review_reasons", "withhold_for_review"]

_FLAGGED = 5
# Lines shown around a flagged line in the instructor's review.
_CONTEXT = 2


@dataclass(frozen=True)
class ReviewReason:
    """`kind` of capability (graders/judge/source/tripwires.py's KINDS, `channel` or `silenced`), what was
    used, and where (a cell's or file's name and line; empty when only running the code showed it)."""

    kind: str
    what: str
    filename: str = ""
    line: int = 0


def review_reasons(tripwires: Sequence[Tripwire], audit_events: Sequence[AuditEvent],
                   channel_breaches: Sequence[str], library_changes: Sequence[LibraryChange] = (),
                   source: tuple[ParsedCell, ...] = ()) -> tuple[ReviewReason, ...]:
    # Strongest evidence first: what the judge saw from outside the process, then what it read.
    reasons = [ReviewReason("channel", breach) for breach in channel_breaches]
    reasons += [ReviewReason(tripwire.kind, tripwire.what, tripwire.filename, tripwire.line) for tripwire in tripwires]
    seen = {(reason.kind, reason.filename, reason.line) for reason in reasons}
    for event in audit_events:
        if (event.kind, event.filename, event.line) not in seen:
            seen.add((event.kind, event.filename, event.line))
            reasons.append(ReviewReason(event.kind, event.event, event.filename, event.line))
    # A library name rebound or deleted while the submission's code ran, whatever route it took: with
    # the line the worker saw on the stack, or else the first statement of the source that names it.
    for change in library_changes:
        if not change.patch:
            continue
        filename, line = (change.filename, change.line) if change.line else _naming(source, change.name)
        what = f"{change.namespace}.{change.name} {change.event}"
        if ("patch", filename, line) not in seen or not line:
            seen.add(("patch", filename, line))
            reasons.append(ReviewReason("patch", what, filename, line))
    return tuple(reasons)


def _naming(source: tuple[ParsedCell, ...], name: str) -> tuple[str, int]:
    """The first statement of the submission whose code names `name`: where a change found only by
    comparing the library afterwards can be pinned."""
    if not name.isidentifier():
        return "", 0
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    for cell in source:
        # Simple statements only, and no docstring: a `def` or a text that mentions the name changes nothing.
        statements = [node for node in ast.walk(cell.tree) if isinstance(node, ast.stmt)
                      and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                      and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
        for statement in sorted(statements, key=lambda node: node.lineno):
            if pattern.search(ast.unparse(statement)):
                return cell.filename, statement.lineno
    return "", 0


def _what(reason: ReviewReason, lang: str) -> str:
    kind = t(f"review.kind.{reason.kind}", lang) if reason.kind in _KNOWN_KINDS else reason.kind
    if reason.what in _WORDED_EVENTS:
        return f"{kind}: {t(_WORDED_EVENTS[reason.what], lang)}"
    return f"{kind}: `{reason.what}`"


# What the worker reports in a word of its own rather than an event's name: said in the reader's language.
_WORDED_EVENTS = {"channels-left-open": "review.event.channels_left_open"}


def _where(reason: ReviewReason, submission: Submission, lang: str) -> str:
    if not reason.filename or not reason.line:
        return t("review.at_run_time", lang)
    return t("where.short", lang, filename=submission.place(reason.filename, lang), line=reason.line)


def review_flags(reasons: Sequence[ReviewReason], submission: Submission, lang: str) -> list[Flag]:
    # The first reason of each kind comes first: eight descriptor calls must not hide the thread.
    first_of_kind = {reason.kind: index for index, reason in reversed(list(enumerate(reasons)))}
    order = sorted(range(len(reasons)), key=lambda index: (index not in first_of_kind.values(), index))
    shown = [reasons[index] for index in order]
    flags = [raise_flag("needs_review", lang, what=_what(reason, lang), where=_where(reason, submission, lang))
             for reason in shown[:_FLAGGED]]
    if len(reasons) > _FLAGGED:
        flags[-1] = Flag(flags[-1].code, f"{flags[-1].text} (+{len(reasons) - _FLAGGED})")
    return flags


def review_entries(reasons: Sequence[ReviewReason], submission: Submission, lang: str) -> tuple[dict[str, Any], ...]:
    """What tripped, as data for `jaxgrade review`: the kind, what was used, where (as the student finds
    it), the line, and the lines around it as the judge read them ("" when only running the code showed it)."""
    entries = []
    for reason in reasons:
        context = ""
        if reason.filename and reason.line:
            cell = next((cell for cell in submission.cells if cell.filename == reason.filename), None)
            lines = cell.source.splitlines() if cell is not None else []
            first = max(1, reason.line - _CONTEXT)
            context = "\n".join(f"{'>' if number == reason.line else ' '} {number:>3} | {lines[number - 1]}"
                                for number in range(first, min(len(lines), reason.line + _CONTEXT) + 1))
        entries.append({"kind": reason.kind, "what": _what(reason, lang), "where": _where(reason, submission, lang),
                        "line": reason.line, "context": context})
    return tuple(entries)


def withhold_for_review(exercises: Sequence[ExerciseResult], reasons: Sequence[ReviewReason],
                        submission: Submission, lang: str) -> tuple[ExerciseResult, ...]:
    """Every passed check that rests on a worker report becomes `skipped` with 0 points, its message
    saying why and what it found; nothing else changes."""
    if not reasons:
        return tuple(exercises)
    first = reasons[0]
    what, where = _what(first, lang), _where(first, submission, lang)

    def withheld(check: CheckResult) -> CheckResult:
        if check.status is not Status.PASSED or not get_check(check.name).rests_on_worker:
            return check
        message = t("review.withheld", lang, what=what, where=where, finding=check.message)
        # What it found stays with it, so that an instructor's approval (`jaxgrade review`) gives it back as it was.
        return replace(check, status=Status.SKIPPED, message=message, points=0.0,
                       details={**check.details, "found": check.status.value, "withheld": "needs-review",
                                "finding": check.message})

    return tuple(replace(exercise, checks=tuple(withheld(check) for check in exercise.checks))
                 for exercise in exercises)


_KNOWN_KINDS = frozenset((*KINDS, "channel", "silenced"))
