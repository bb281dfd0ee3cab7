"""A function graded on its own: when it calls another graded function of the same submission that is
wrong, its message says so (issue #49).

`update` that calls the file's own faulty `loss_and_grad` fails correctness for `loss_and_grad`'s fault.
The judge reads, in the submission's source, which graded functions each failing function reaches
(`reached_definitions`: directly or through helpers), and ends that function's failing message with the
one at fault and the line that calls it. It never runs `update` again with the reference's
`loss_and_grad`: the reference's code or outputs would then be inside the student's process.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import replace

from graders.common.i18n import t
from graders.common.results import ExerciseResult, Status

from .source import ParsedCell
from .source.parsed import reached_definitions
from .submission import Submission

__all__ = ["name_cascades"]


def name_cascades(exercises: Sequence[ExerciseResult], source: tuple[ParsedCell, ...], submission: Submission,
                  lang: str) -> tuple[ExerciseResult, ...]:
    """`exercises` with each failing exercise's first failing message ending with the graded function it
    calls that failed too, if any."""
    failed = {exercise.name for exercise in exercises if _first_failure(exercise) is not None}
    updated = []
    for exercise in exercises:
        position = _first_failure(exercise)
        call = _failing_callee(source, exercise.name, failed - {exercise.name}) if position is not None else None
        if position is None or call is None:
            updated.append(exercise)
            continue
        callee, filename, line = call
        note = t("cascade.calls_faulty", lang, name=exercise.name, callee=callee,
                 where=t("where.short", lang, filename=submission.place(filename, lang), line=line))
        checks = list(exercise.checks)
        # After the function's own diagnosis and comparison: a function may be wrong itself as well.
        checks[position] = replace(checks[position], message=f"{checks[position].message}\n{note}")
        updated.append(replace(exercise, checks=tuple(checks)))
    return tuple(updated)


def _first_failure(exercise: ExerciseResult) -> int | None:
    return next((index for index, check in enumerate(exercise.checks) if check.status is Status.FAILED), None)


def _failing_callee(source: tuple[ParsedCell, ...], name: str, failed: set[str]) -> tuple[str, str, int] | None:
    """(graded function, file name, line) of the first failing graded function `name` reaches, at the line
    in `name`'s own reach that names it."""
    for filename, definition in reached_definitions(source, name):
        for node in sorted((node for node in ast.walk(definition) if isinstance(node, ast.Name)),
                           key=lambda node: (node.lineno, node.col_offset)):
            if node.id in failed and isinstance(node.ctx, ast.Load):
                return node.id, filename, node.lineno
    return None
