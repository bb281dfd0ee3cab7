"""`jaxgrade course try NAME [FILE ...]`: a draft assignment graded as it stands, in seconds.

No release, no nbgrader, no golden report: the spec is built (a field that is wrong is one line naming it),
the reference must earn full marks and the stub `tests/submissions/<module>/stub.py`, where there is one,
0; then each FILE is graded and its report shown. What `make exercise-check` adds (notebooks, `release/`,
golden reports, the whole corpus) comes once the draft is right.

Runs in the course author's process, as `jaxgrade grade` does; student code runs in the sandboxed worker.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graders.common.results import FileError, Status, SubmissionResult

__all__ = ["DraftCheck", "DraftTry", "try_draft"]


@dataclass(frozen=True)
class DraftCheck:
    """One thing the draft must do, with what it did."""

    ok: bool
    what: str
    detail: str = ""


@dataclass(frozen=True)
class DraftTry:
    """The draft's own checks, the results they rest on (the reference's, the stub's), then each file's."""

    checks: tuple[DraftCheck, ...]
    own: tuple[SubmissionResult | FileError, ...]
    results: tuple[SubmissionResult | FileError, ...]

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)


def try_draft(root: Path, name: str, files: Sequence[Path], lang: str = "en") -> DraftTry:
    """Grade the draft assignment `name` of the course at `root`: its reference, its stub, then `files`.

    Raises `SpecError` with one line when the spec cannot be built, and `UnknownAssignment` when no module
    of the catalogue declares `name`."""
    from graders.batch.grading import grade_many
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load
    from graders.judge.options import GradingOptions

    from .scaffold import module_name
    from .stubs import refresh_stub

    load()
    assignment = get_assignment(name)
    for exercise in assignment.exercises:
        _check_drawn_calls(exercise)
    refresh_stub(root, assignment)  # a generated stub follows the spec: its author never edits it
    module = module_name(assignment.name)
    reference = root / "solutions" / f"{module}.py"
    folder = root / "tests" / "submissions" / module
    stub, alternative = folder / "stub.py", folder / "correct_alternative.py"
    own = [path for path in (reference, stub, alternative) if path.is_file()]
    graded = grade_many([*own, *files], assignment.name, GradingOptions(lang=lang), jobs=2)
    by_path = dict(zip([*own, *files], graded, strict=True))
    checks = [_expect(reference, by_path.get(reference), full=True)]
    if stub in by_path:
        checks.append(_expect(stub, by_path[stub], full=False))
    if alternative in by_path:
        checks.append(_expect_alternative(alternative, by_path[alternative],
                                          [exercise.name for exercise in assignment.exercises]))
    return DraftTry(tuple(checks), tuple(by_path[path] for path in own), tuple(by_path[path] for path in files))


def _check_drawn_calls(exercise: object) -> None:
    """Refuse (SpecError, one line) an exercise whose strategy draws a call its reference cannot take: every
    grading would otherwise fail on it as the grader's own error, the reference's included."""
    from graders.common.spec import Exercise, SpecError
    from graders.judge.checks.base import draw_examples

    assert isinstance(exercise, Exercise)
    signature = inspect.signature(exercise.reference)
    for call in draw_examples(exercise, 1, "correctness"):
        try:
            signature.bind(*call.args, **call.kwargs)
        except TypeError as error:
            raise SpecError(f"Exercise {exercise.name!r} has inputs that draw a call its reference cannot take "
                            f"({error}): make the strategy's Call(args, kwargs) match the parameters "
                            f"{exercise.parameters}.") from None


def _expect_alternative(path: Path, result: SubmissionResult | FileError, exercises: list[str]) -> DraftCheck:
    """The correct alternative earns full marks on the exercises it answers, and answers at least one: an
    alternative left from the scaffold's worked exercise answers none and would prove nothing."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return _expect(path, result, full=True)
    defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    defined |= {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
                if isinstance(target, ast.Name)}
    answered = [name for name in exercises if name in defined]
    what = f"{path.name} earns full marks on the exercises it answers"
    if not answered:
        return DraftCheck(False, what, f"it answers none of {', '.join(exercises)}: write a correct answer for each, "
                                       "in another way than the reference")
    if isinstance(result, FileError):
        return DraftCheck(False, what, result.message)
    lost = [f"{exercise.name}.{check.name}" for exercise in result.exercises if exercise.name in answered
            for check in exercise.checks if check.points < check.max_points]
    missing = [name for name in exercises if name not in answered]
    note = f"; it does not answer {', '.join(missing)}" if missing else ""
    if lost:
        return DraftCheck(False, what, f"points lost in {', '.join(lost[:3])}{note}")
    return DraftCheck(True, what, f"{len(answered)} of {len(exercises)}{note}")


def _expect(path: Path, result: SubmissionResult | FileError | None, *, full: bool) -> DraftCheck:
    what = f"{path.name} {'earns full marks' if full else 'scores 0'}"
    if result is None:
        return DraftCheck(False, what, f"{path} is missing")
    if isinstance(result, FileError):
        return DraftCheck(False, what, result.message)
    errors = [f"{exercise.name}.{check.name}" for exercise in result.exercises for check in exercise.checks
              if check.status is Status.ERROR]
    score = f"{result.score:g}/{result.max_score:g}"
    if errors:
        return DraftCheck(False, what, f"{score}, the grader's own errors in {', '.join(errors[:3])}")
    if full and result.score != result.max_score:
        lost = [f"{exercise.name}.{check.name}" for exercise in result.exercises for check in exercise.checks
                if check.points < check.max_points]
        return DraftCheck(False, what, f"{score}; points lost in {', '.join(lost[:3])}: the reference or the "
                                       "strategy disagrees with the spec (the report below says how)")
    if not full and result.score != 0:
        return DraftCheck(False, what, f"{score}: an untouched exercise must earn nothing")
    return DraftCheck(True, what, score)
