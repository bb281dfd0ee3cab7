"""Where checks plug in by declaration; the assignments that use them are in `assignments`.

Registration goes one way: a check module registers itself when it is imported, and this module
imports none of them. `graders.judge.catalogue` imports every check and then every assignment
module in its package; whatever needs the whole catalogue imports that package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

# A check: `(CheckContext) -> Verdict`, as `graders/judge/checks/base.py` types them. The registry keeps
# each as its module declared it and imports none of those types: the judge's room is above this one.
CheckFunction = TypeVar("CheckFunction", bound=Callable[..., Any])

__all__ = [
    "CheckEntry",
    "check_names",
    "close_checks",
    "get_check",
    "option_type_of",
    "register_check",
]


@dataclass(frozen=True)
class CheckEntry:
    name: str
    function: Callable[..., Any]
    description: Mapping[str, str]
    option_type: type | None = None
    requires: tuple[str, ...] = ()
    gate: bool = False
    # Called with each exercise that uses the check when a submission's grading starts, while the
    # worker runs the cells and the judge would only wait (start helpers, draw examples).
    prepare: Callable[[Any], object] | None = None  # called with an `Exercise`
    # Words the check's measured `timings` for a report, in a language; "" when there is nothing to add.
    render_timings: Callable[[Mapping[str, Any], str], str] | None = None
    # False for a check decided by measuring time: its verdict is statistical, not a property of the code.
    deterministic: bool = True
    # True for a check that measures what an accelerator does: a cluster sends such
    # submissions to its GPU workers when it has any.
    wants_accelerator: bool = False
    # False only for a check whose verdict the judge establishes itself (outputs compared with
    # the reference). Every other check rests on something the worker reports, so a submission
    # flagged for review (a tripwire: graders/judge/source/tripwires.py) has its points withheld.
    rests_on_worker: bool = True
    # Called once when the grading process is done: stop what `prepare` started (clean workers).
    close: Callable[[], None] | None = None
    # True for a check that must come after every other check of every exercise, timing included: its
    # verdict gates nothing, and what it compares (`no_globals`: the first calls made again) needs the
    # longest history of calls before it.
    runs_last: bool = False


_CHECKS: dict[str, CheckEntry] = {}


def register_check(
    name: str,
    *,
    description: Mapping[str, str],
    option_type: type | None = None,
    requires: tuple[str, ...] = (),
    gate: bool = False,
    prepare: Callable[[Any], object] | None = None,
    render_timings: Callable[[Mapping[str, Any], str], str] | None = None,
    deterministic: bool = True,
    wants_accelerator: bool = False,
    rests_on_worker: bool = True,
    close: Callable[[], None] | None = None,
    runs_last: bool = False,
) -> Callable[[CheckFunction], CheckFunction]:
    """Decorator: make a check available to exercise specs under `name`.

    `requires` names checks that must pass before this one is even run: a
    timing verdict on a wrong function teaches nothing. A `gate` check comes
    first in every exercise, and while it has not passed no other check earns
    points: structure alone (pure, jit-compiled, not recompiling) is worth
    nothing on a function that computes the wrong thing. A check that is not `deterministic` (timing)
    or `runs_last` runs after every exercise's other checks, the `runs_last` ones after the rest.
    """

    def decorate(function: CheckFunction) -> CheckFunction:
        if name in _CHECKS:
            raise ValueError(f"check {name!r} is registered twice")
        _CHECKS[name] = CheckEntry(name, function, description, option_type, requires, gate, prepare,
                                   render_timings, deterministic, wants_accelerator, rests_on_worker, close,
                                   runs_last)
        return function

    return decorate


def close_checks() -> None:
    """Let every registered check stop what it started for this process (its `close` hook).

    A program that grades calls this before it exits; no one outside a check needs to know
    which checks keep helpers alive.
    """
    for entry in list(_CHECKS.values()):
        if entry.close is not None:
            entry.close()


def check_names() -> frozenset[str]:
    return frozenset(_CHECKS)


def get_check(name: str) -> CheckEntry:
    return _CHECKS[name]


def option_type_of(name: str) -> type | None:
    return get_check(name).option_type
