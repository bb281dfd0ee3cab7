"""Round 7: attacks on the round-6 design by a red team that read the grader and docs/security.md, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round7/README.md),
so the only points it may not earn are its target checks'. Contained means exactly that: every
target check earns nothing (it fails, or a tripwire withholds it). The attacks still breached are
strict expected failures, each with the design assumption that let it through: fixing one turns
its test into an unexpected pass, which fails until the mark comes off.
"""

from __future__ import annotations

import pytest

from graders.grading import grade_many
from graders.options import GradingOptions
from graders.results import SubmissionResult

from .conftest import SUBMISSIONS

ROUND7 = SUBMISSIONS / "hostile" / "round7"

# file: (assignment, exercise, the checks it attacks)
TARGETS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "weakref_global.py": ("jit", "negatives", ("no_globals",)),
    "generic_alias_global.py": ("jax-numpy", "pure_update", ("no_globals",)),
    "bound_method_in_tuple.py": ("purity", "sgd_step", ("no_globals",)),
    "library_module_data.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "yield_from_stack.py": ("jit", "flatten", ("no_globals",)),
    "codec_search_registry.py": ("purity", "per_example_grads", ("no_globals",)),
    "library_closure_rule.py": ("jax-numpy", "loss_and_grad", ("no_globals",)),
    "numpy_input_recompiles.py": ("jit", "negatives", ("no_recompilation",)),
    "setstate_buffer_swap.py": ("jax-numpy", "pure_update", ("no_mutation",)),
    "nested_dict_swapped.py": ("purity", "sgd_step", ("no_mutation",)),
    "measured_lengths_fixed_point.py": ("purity", "per_example_grads", ("compact_trace",)),
    "scan_unroll_param.py": ("purity", "horner", ("compact_trace",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {
    "library_module_data.py": "a library module's own data changed in place (np.typecodes) is not read: "
                              "modules are compared by what each name is bound to",
    "codec_search_registry.py": "state in an interpreter registry (codecs' search functions) that no name "
                                "the function reaches holds",
}

# Checks outside the targets that rightly fail too: the attacked state is reached by them as well.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    # `update` calls `loss_and_grad`, whose JVP rule counts every differentiation.
    "library_closure_rule.py": {("update", "no_globals")},
}


@pytest.fixture(scope="module")
def graded() -> dict[str, SubmissionResult]:
    results: dict[str, SubmissionResult] = {}
    for assignment in sorted({target[0] for target in TARGETS.values()}):
        names = [name for name, target in TARGETS.items() if target[0] == assignment]
        outcomes = grade_many([ROUND7 / name for name in names], assignment, GradingOptions(lang="en"), jobs=2)
        for name, outcome in zip(names, outcomes, strict=True):
            assert isinstance(outcome, SubmissionResult), (name, outcome)
            results[name] = outcome
    return results


def _params() -> list[object]:
    return [pytest.param(name, marks=pytest.mark.xfail(reason=BREACHED[name], strict=True))
            if name in BREACHED else name for name in TARGETS]


@pytest.mark.parametrize("name", _params())
def test_the_attack_earns_none_of_its_target_points(name: str, graded: dict[str, SubmissionResult]) -> None:
    _, exercise, targets = TARGETS[name]
    result = graded[name]
    checks = {check.name: check for check in next(e for e in result.exercises if e.name == exercise).checks}
    earned = {target: checks[target].points for target in targets if checks[target].points > 0}
    assert not earned, f"{name} earned {earned}; flags {list(result.flags)}"


@pytest.mark.parametrize("name", list(TARGETS))
def test_the_attack_loses_no_other_points(name: str, graded: dict[str, SubmissionResult]) -> None:
    """Each file is the reference plus one attack: every check but its targets earns full points, so
    catching the attack costs the student nothing that was honestly earned."""
    _, exercise, targets = TARGETS[name]
    result = graded[name]
    if result.flags:
        return  # held for review: the instructor decides, nothing is taken automatically
    lost = {(e.name, c.name): (c.points, c.max_points) for e in result.exercises for c in e.checks
            if c.points < c.max_points and not (e.name == exercise and c.name in targets)
            and (e.name, c.name) not in ALSO_REACHED.get(name, set())}
    assert not lost, f"{name} lost {lost}"


def test_every_attack_file_is_listed() -> None:
    assert sorted(path.name for path in ROUND7.glob("*.py")) == sorted(TARGETS)
