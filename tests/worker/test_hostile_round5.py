"""Round 5: attacks written by a red team that read the grader and the #27 design, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round5/README.md),
so the only points it may not earn are its target checks'. Contained means exactly that: every
target check earns nothing (it fails, or a tripwire withholds it). The attacks still breached are
strict expected failures, each with the design assumption that let it through: fixing one turns
its test into an unexpected pass, which fails until the mark comes off.
"""

from __future__ import annotations

import pytest

from graders.batch.grading import grade_many
from graders.common.results import SubmissionResult
from graders.judge.options import GradingOptions

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, attack_params, earned_target_points, grade_round

ROUND5 = SUBMISSIONS / "hostile" / "round5"
PURITY_SGD = ("purity", "sgd_step", ("no_globals",))

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "bitgenerator_rng.py": PURITY_SGD,
    "random_instance_rng.py": PURITY_SGD,
    "contextvar_counter.py": PURITY_SGD,
    "hashlib_running_digest.py": PURITY_SGD,
    "simplequeue_log.py": PURITY_SGD,
    "mmap_counter.py": PURITY_SGD,
    "deep_nesting_memo.py": PURITY_SGD,
    "item_cap_memo.py": PURITY_SGD,
    "budget_exhaust_counter.py": PURITY_SGD,
    "environ_counter.py": PURITY_SGD,
    "library_list_state.py": PURITY_SGD,
    "logger_attribute_state.py": PURITY_SGD,
    "file_counter.py": PURITY_SGD,
    "foreign_module_class.py": PURITY_SGD,
    "deferred_container_mutation.py": ("purity", "sgd_step", ("no_mutation",)),
    "linearize_retrace.py": ("purity", "moving_average", ("no_recompilation",)),
    "silent_backend_recompile.py": ("purity", "horner", ("no_recompilation", "compact_trace")),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {
    "linearize_retrace.py": "jax.linearize traces without a monitoring event",
    "silent_backend_recompile.py": "a direct XLA compile emits no monitoring event",
}


@pytest.fixture(scope="module")
def graded() -> dict[str, SubmissionResult]:
    return grade_round(ROUND5, TARGETS)


@pytest.mark.parametrize("name", attack_params(TARGETS, BREACHED))
def test_the_attack_earns_none_of_its_target_points(name: str, graded: dict[str, SubmissionResult]) -> None:
    earned = earned_target_points(name, TARGETS, graded[name])
    assert not earned, f"{name} earned {earned}; flags {list(graded[name].flags)}"


def test_every_attack_file_is_listed() -> None:
    assert sorted(path.name for path in ROUND5.glob("*.py")) == sorted([*TARGETS, "solutions_probe.py"])


def test_probing_for_the_solutions_finds_nothing() -> None:
    [outcome] = grade_many([ROUND5 / "solutions_probe.py"], "jit", GradingOptions(lang="en"))
    assert isinstance(outcome, SubmissionResult)
    assert outcome.score == 0
