"""What every hostile round's tests share: grade a round's files once per assignment, and judge each
attack by its target checks alone.

Each file of a round is the reference solution with one attack added, so the only points it may not
earn are its target checks'. Contained means exactly that: every target check earns nothing (it
fails, or a tripwire withholds it). The attacks still breached are strict expected failures, each
with the design assumption that let it through: fixing one turns its test into an unexpected pass,
which fails until the mark comes off.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from graders.batch.pool import JudgePool
from graders.common.results import SubmissionResult
from graders.judge.options import GradingOptions

from .expectations import shortfalls

__all__ = ["POLICY_CHANGED", "Targets", "attack_params", "close_warm_judges", "earned_target_points", "grade_round",
           "lost_other_points", "round_tests"]

# file: (assignment, exercise, the checks it attacks)
Targets = dict[str, tuple[str, str, tuple[str, ...]]]

# Attacks whose expectation changed under issue #50's policy (docs/security.md, "Purity"): each keeps only a
# side effect that changes no output, through a route the source does not show, so no caller can see it and
# it costs nothing. Each must still earn its target points with every answer right (a counter that changed an
# output would fail the comparison of outputs).
POLICY_CHANGED: dict[str, str] = {
    "round6/methodcaller_args.py": "a list held by an `operator.methodcaller`, appended to by a lambda the call "
                                   "hands it: write-only, and reached only through the caller's own arguments",
    "round7/bound_method_in_tuple.py": "a bound `[].append` kept in a tuple in a factory's closure, called with "
                                       "each `lr`: write-only, and no name leads from the call to the list",
    # Session 31: a library's own data, changed and read back through its public functions, with a counter that
    # decides a branch no call takes. No output changes, and the source reading does not follow library
    # internals; the same places with a counter that does change an output fail the comparison of first calls
    # (round 50: `06_abc_register_counter.py`, `07_pytree_registry_flag.py`, `24_singledispatch_register.py`).
    **{f"round20/{name}": f"{what}: the counter changes no output" for name, what in (
        ("03_tempfile_private_rng.py", "`tempfile`'s private random generator, advanced by `tempfile.mktemp`"),
        ("10_encodings_submodule_counter.py", "the modules `codecs.lookup` imports into `encodings`"))},
    **{f"round21/{name}": f"{what}: the counter changes no output" for name, what in (
        ("03_abc_registry.py", "an ABC's virtual-subclass registry, through `register` and `issubclass`"),
        ("04_warnings_onceregistry.py", "`warnings`' registries, filled by `warnings.warn`"),
        ("05_logging_handler_name.py", "a logging handler's own name"),
        ("08_pytree_static_registry.py", "JAX's pytree registry, kept in C++"),
        ("10_linecache_lazycache.py", "`linecache.cache`, through `linecache.lazycache`"))},
}


# Two judges per test process, started once and kept warm from round to round, as `jaxgrade watch` keeps its
# own: each round pays for its files, not for two judges importing JAX and compiling the references again.
_JOBS = 2
_judges: JudgePool | None = None


def _warm_judges() -> JudgePool:
    global _judges
    if _judges is None:
        _judges = JudgePool(_JOBS, GradingOptions(lang="en"))
        _judges.warm()
    return _judges


def close_warm_judges() -> None:
    """Stop this process's judges, if a round started them (the session's end)."""
    global _judges
    if _judges is not None:
        _judges.close()
        _judges = None


def grade_round(folder: Path, targets: Targets) -> dict[str, SubmissionResult]:
    """Every listed file of the round, graded by this process's two warm judges."""
    judges = _warm_judges()
    with ThreadPoolExecutor(_JOBS) as threads:
        outcomes = list(threads.map(lambda name: judges.grade(str(folder / name), targets[name][0]), targets))
    for name, outcome in zip(targets, outcomes, strict=True):
        assert isinstance(outcome, SubmissionResult), (name, outcome)
    return dict(zip(targets, outcomes, strict=True))  # type: ignore[arg-type]


def attack_params(targets: Targets, breached: dict[str, str]) -> list[object]:
    """The files as test parameters, the still-breached ones as strict expected failures."""
    return [pytest.param(name, marks=pytest.mark.xfail(reason=breached[name], strict=True))
            if name in breached else name for name in targets]


def earned_target_points(name: str, targets: Targets, result: SubmissionResult) -> dict[str, float]:
    """The points the attack's target checks earned: none, when it is contained."""
    _, exercise, checks = targets[name]
    by_name = {check.name: check for check in next(e for e in result.exercises if e.name == exercise).checks}
    return {target: by_name[target].points for target in checks if by_name[target].points > 0}


def lost_other_points(path: Path, targets: Targets, result: SubmissionResult,
                      also_reached: frozenset[tuple[str, str]] = frozenset(),
                      ) -> dict[tuple[str, str], tuple[float, float]]:
    """Points lost outside the attack's targets (and the checks the attacked state rightly reaches too):
    none, so that catching an attack costs nothing honestly earned. A submission held for review loses
    nothing automatically; an exercise added after the file was written owes only the judge's "not
    defined" (tests/expectations.py)."""
    if result.flags:
        return {}
    _, exercise, checks = targets[path.name]
    return {(lost.exercise, lost.check.name): (lost.check.points, lost.check.max_points)
            for lost in shortfalls(path, result)
            if not (lost.exercise == exercise and lost.check.name in checks)
            and (lost.exercise, lost.check.name) not in also_reached}


def round_tests(folder: Path, targets: Targets, breached: dict[str, str],
                also_reached: dict[str, set[tuple[str, str]]]) -> tuple[Any, ...]:
    """A round's fixture and its three tests, for a module to bind under these names: `graded`,
    `test_the_attack_earns_none_of_its_target_points`, `test_the_attack_loses_no_other_points`,
    `test_every_attack_file_is_listed`."""

    @pytest.fixture(scope="module", name="graded")
    def graded() -> dict[str, SubmissionResult]:
        return grade_round(folder, targets)

    @pytest.mark.parametrize("name", attack_params(targets, breached))
    def earns_none(name: str, graded: dict[str, SubmissionResult]) -> None:
        earned = earned_target_points(name, targets, graded[name])
        if f"{folder.name}/{name}" in POLICY_CHANGED:
            _, exercise, checks = targets[name]
            assert set(earned) == set(checks) and not graded[name].flags, (
                f"{name}: a side effect no caller sees must cost nothing under the policy, earned {earned}; "
                f"flags {list(graded[name].flags)}")
            return
        assert not earned, f"{name} earned {earned}; flags {list(graded[name].flags)}"

    @pytest.mark.parametrize("name", list(targets))
    def loses_nothing_else(name: str, graded: dict[str, SubmissionResult]) -> None:
        """Each file is the reference plus one attack: every check but its targets earns full points,
        so catching the attack costs the student nothing that was honestly earned."""
        lost = lost_other_points(folder / name, targets, graded[name], frozenset(also_reached.get(name, set())))
        assert not lost, f"{name} lost {lost}"

    def every_file_listed() -> None:
        assert sorted(path.name for path in folder.glob("*.py")) == sorted(targets)

    return graded, earns_none, loses_nothing_else, every_file_listed
