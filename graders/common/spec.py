"""Declarative exercise and assignment specifications.

An exercise is data: the graded function's name and parameters, a hypothesis
strategy of calls, the reference, and the checks that apply with their points.
Specs validate themselves when built, so a typo fails at import with a message
that names the field, its value and the fix.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .registry import check_names, get_check, option_type_of
from .sentences import FIRST_SENTENCE_LIMIT, first_sentence

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = [
    "MISCONCEPTION_OPENING_LIMIT", "Assignment", "Call", "Check", "Exercise", "Misconception", "SpecError", "Tolerance",
]


class SpecError(ValueError):
    """An exercise or assignment specification that cannot be graded."""


@dataclass(frozen=True)
class Call:
    """Arguments of one call to a graded function (NumPy arrays and Python values)."""

    args: tuple[Any, ...]
    kwargs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Tolerance:
    """float32-aware closeness: |actual - expected| <= atol * scale + rtol * |expected|.

    `scale` is max(1, largest |expected| in the leaf), so a tolerance stays
    meaningful for outputs of any magnitude.
    """

    rtol: float = 1e-4
    atol: float = 1e-5


@dataclass(frozen=True)
class Check:
    """One check an exercise uses, and the points it earns when it passes: `Correctness(3)`.

    Each check declares its class beside its code (`graders/judge/checks/`), named as the check is:
    `Correctness`, `Jit`, `JitCompiled`, `NoRecompilation`, `NoMutation`, `NoGlobals`, `JitSpeedup`,
    `CompactTrace`, `Distribution`, `KeyDiscipline`. A check with options takes them as a second field,
    typed (`JitSpeedup(2, SpeedupSpec(...))`), and is checked as it is built: a wrong field is one
    line naming it and the fix. An exercise lists its checks in order, the gate first.
    """

    points: float
    # The name the check registered under (graders/common/registry.py); a subclass sets it.
    name: ClassVar[str] = ""

    def __post_init__(self) -> None:
        if not self.name:
            raise SpecError(f"{type(self).__name__} names no check; use one of the checks' own classes "
                            "(graders.judge.checks: Correctness, Jit, ...).")
        if isinstance(self.points, bool) or not isinstance(self.points, (int, float)) or self.points <= 0:
            raise SpecError(f"{type(self).__name__}(points={self.points!r}): give a positive number of points, "
                            f"as in {type(self).__name__}(1).")

    @property
    def options(self) -> object | None:
        """What the check reads from `Exercise.options` under its name; None for a check without options."""
        return None


def _parameter_names(reference: Callable[..., Any]) -> tuple[str, ...]:
    """The names a caller passes to `reference`, in order (through `functools.wraps`, so a jitted one too)."""
    try:
        signature = inspect.signature(reference)
    except (TypeError, ValueError) as error:
        raise SpecError(f"Exercise reference={reference!r} has no readable signature ({error}); "
                        f"give a plain Python function.") from None
    return tuple(name for name, parameter in signature.parameters.items()
                 if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD,
                                       parameter.KEYWORD_ONLY))


# A misconception's message is "<place>, line N (`<code>`): <says>", and every message's first sentence must fit
# in `format.FIRST_SENTENCE_LIMIT` (200): the student's code is quoted in at most 60 characters and a file's
# place takes about 15, which leaves this much for the first sentence of `says`.
MISCONCEPTION_OPENING_LIMIT = 120


@dataclass(frozen=True)
class Misconception:
    """A known wrong answer to an exercise, recognised by what it returns.

    `compute` is the mistake as a public formula: from the same arguments it returns what that
    wrong answer returns. The judge runs it itself, on the input that failed, and when the
    student's output matches, the message opens with `says` (what was done, why it is wrong, the
    fix; both languages). `marker`, a regular expression, finds the line of the student's function
    that makes the mistake (matched against each statement as `ast.unparse` writes it).
    """

    compute: Callable[..., Any]
    says: Mapping[str, str]
    marker: str = ""

    def __post_init__(self) -> None:
        for lang in ("en", "ko"):
            if not self.says.get(lang):
                raise SpecError(f"Misconception {self.compute!r} lacks says[{lang!r}]; explain it in both languages.")
            opening = first_sentence(self.says[lang], limit=10_000)
            if len(opening) > MISCONCEPTION_OPENING_LIMIT:
                raise SpecError(
                    f"Misconception says[{lang!r}] opens with a sentence of {len(opening)} characters "
                    f"({opening[:40]!r}...); keep it within {MISCONCEPTION_OPENING_LIMIT} (the message puts the "
                    f"student's line and its code before it, and its first sentence must fit {FIRST_SENTENCE_LIMIT}): "
                    "end the first sentence sooner, and say the rest after it.")
        try:
            re.compile(self.marker)
        except re.error as error:
            raise SpecError(f"Misconception marker={self.marker!r} is not a regular expression ({error}); "
                            "fix the pattern.") from None


@dataclass(frozen=True)
class Exercise:
    """One graded function: its contract, reference, generated inputs, and the checks with their points.

    `parameters` are read from the reference's signature; a spec that gives them must agree with it.
    """

    name: str
    reference: Callable[..., Any]
    inputs: SearchStrategy[Call]
    # The checks with their points, the gate first: `checks=(Correctness(3), Jit(1), NoGlobals(1))`.
    checks: tuple[Check, ...] = ()
    # Derived from `checks`: each check's points and options by its name, in order (what the judge reads).
    # An older spec may give them directly instead of `checks`; not both.
    points: Mapping[str, float] = field(default_factory=dict)
    parameters: tuple[str, ...] = ()
    static_argnames: tuple[str, ...] = ()
    tolerance: Tolerance = Tolerance()
    max_examples: int = 25
    options: Mapping[str, Any] = field(default_factory=dict)
    summary: Mapping[str, str] = field(default_factory=dict)
    # Known wrong answers, recognised on a failing input so the message can name the mistake.
    misconceptions: tuple[Misconception, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise SpecError(f"Exercise name={self.name!r} is not a Python identifier; use the graded function's name.")
        signature = _parameter_names(self.reference)
        if not self.parameters:
            object.__setattr__(self, "parameters", signature)  # said once: in the reference's own signature
        elif tuple(self.parameters) != signature:
            raise SpecError(
                f"Exercise {self.name!r} has parameters={tuple(self.parameters)!r}, but its reference takes "
                f"{signature!r}; leave parameters out (they are read from the reference) or make them agree."
            )
        if self.checks:
            self._points_from_checks()
        if not self.points:
            raise SpecError(f"Exercise {self.name!r} has no checks; give at least one with its points, "
                            "as in checks=(Correctness(2), Jit(1)).")
        for check, points in self.points.items():
            if check not in check_names():
                raise SpecError(
                    f"Exercise {self.name!r} names check={check!r}, which is not registered; "
                    f"choose one of {', '.join(sorted(check_names()))}."
                )
            if not isinstance(points, (int, float)) or points <= 0:
                raise SpecError(
                    f"Exercise {self.name!r} gives check {check!r} points={points!r}; use a positive number."
                )
            needed = option_type_of(check)
            if needed is not None and not isinstance(self.options.get(check), needed):
                raise SpecError(
                    f"Exercise {self.name!r} uses check {check!r} without options[{check!r}]; "
                    f"add a {needed.__name__}."
                )
        gates = [check for check in self.points if get_check(check).gate]
        if not gates or list(self.points)[0] != gates[0] or len(gates) > 1:
            first = gates[0] if gates else "correctness"
            raise SpecError(
                f"Exercise {self.name!r} lists checks {list(self.points)}; put {first!r} first, once: "
                f"no other check earns points until it passes."
            )
        if self.misconceptions and list(self.points)[0] != "correctness":
            raise SpecError(
                f"Exercise {self.name!r} declares misconceptions, but its gate is {list(self.points)[0]!r}: a "
                "misconception is recognised by the output values correctness compares, and a random exercise's "
                "gate compares distributions; leave misconceptions out (its messages name the line and the statistic)."
            )
        for name in self.static_argnames:
            if name not in self.parameters:
                raise SpecError(
                    f"Exercise {self.name!r} has static_argnames entry {name!r} that is not a parameter; "
                    f"choose from {self.parameters}."
                )
        for lang in ("en", "ko"):
            if not self.summary.get(lang):
                raise SpecError(
                    f"Exercise {self.name!r} lacks summary[{lang!r}]; every exercise is described in both languages."
                )

    def _points_from_checks(self) -> None:
        checks = tuple(self.checks)
        for check in checks:
            if not isinstance(check, Check):
                raise SpecError(f"Exercise {self.name!r} lists {check!r} among its checks; list checks such as "
                                "Correctness(2) (from graders.judge.checks).")
        names = [check.name for check in checks]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise SpecError(f"Exercise {self.name!r} lists check {twice[0]!r} twice; list each check once.")
        points = {check.name: check.points for check in checks}
        options = {check.name: check.options for check in checks if check.options is not None}
        # `dataclasses.replace(exercise, max_examples=5)` passes the derived mappings back: they must agree.
        if (self.points or self.options) and (dict(self.points) != points or dict(self.options) != options):
            raise SpecError(f"Exercise {self.name!r} gives checks=... and also other points= or options=; give "
                            "checks only (each check carries its points and options), or replace checks=... "
                            "with points={}, options={}.")
        object.__setattr__(self, "checks", checks)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "options", options)

    @property
    def max_score(self) -> float:
        return float(sum(self.points.values()))


@dataclass(frozen=True)
class Assignment:
    """A notebook's worth of exercises, graded together; its total is the sum of their points."""

    name: str
    title: Mapping[str, str]
    exercises: tuple[Exercise, ...]

    def __post_init__(self) -> None:
        for lang in ("en", "ko"):
            if not self.title.get(lang):
                raise SpecError(f"Assignment {self.name!r} lacks title[{lang!r}]; give its title in both languages, "
                                'as in title={"en": "Random numbers", "ko": "난수"}.')
        if not self.exercises:
            raise SpecError(f"Assignment {self.name!r} has exercises=(); list at least one Exercise.")
        names = [exercise.name for exercise in self.exercises]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise SpecError(f"Assignment {self.name!r} lists exercises {duplicates} twice; each graded function once.")

    @property
    def max_score(self) -> float:
        return sum(exercise.max_score for exercise in self.exercises)
