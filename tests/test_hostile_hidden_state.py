"""Hidden state kept where the function body does not show it: each such submission still gets
its answers right, and fails `no_globals` with a message naming what and where."""

from __future__ import annotations

import pytest

from graders.judge import GradingOptions, grade_path

from .conftest import SUBMISSIONS

HOSTILE = SUBMISSIONS / "hostile"
OPTIONS = GradingOptions(lang="en")

# file, assignment, {exercise: phrases its no_globals message must contain}
CASES = [
    ("hidden_class_attribute.py", "jit", {
        "negatives": ("class attribute `Config.THRESHOLD`", "float", "line 18"),
        "flatten": ("class attribute `Layout.FLAT`", "`Layout.flat_shape`", "line 14"),
    }),
    ("hidden_callable_object.py", "jit", {
        "negatives": ("`THRESHOLD`", "line 22"),
    }),
    ("hidden_builtins.py", "jit", {
        "negatives": ("`THRESHOLD`", "`builtins`", "line 11"),
        "flatten": ("`builtins.FLAT`", "imported module", "line 15"),
    }),
    ("hidden_module_attribute.py", "jit", {
        "negatives": ("`jnp.THRESHOLD`", "imported module", "line 11"),
        "flatten": ("`math.FLAT`", "imported module", "line 15"),
    }),
    ("hidden_containers.py", "purity", {
        "sgd_step": ("default value of `_recent`", "contents changed"),
        "horner": ("`degrees`", "closure", "contents changed"),
        "per_example_grads": ("default value of `_ids`",),
        "moving_average": ("`seen`", "closure", "_Quiet length +1"),
    }),
    ("hidden_caches.py", "jax-numpy", {
        "pure_update": ("`box`", "closure"),
        "scatter_add": ("`functools.lru_cache` of `_checked`", "+1 lookups"),
        "loss_and_grad": ("`math._calls`", "imported module `math`", "+1"),
        "update": ("cannot tell whether", "`_turns`", "cycle", "keep no state"),
    }),
]


@pytest.mark.parametrize("filename, assignment, expected", CASES, ids=[case[0] for case in CASES])
def test_hidden_state_fails_no_globals_and_says_where(filename: str, assignment: str,
                                                      expected: dict[str, tuple[str, ...]]) -> None:
    result = grade_path(HOSTILE / filename, assignment, OPTIONS)
    for exercise, phrases in expected.items():
        checks = {check.name: check for check in next(e for e in result.exercises if e.name == exercise).checks}
        assert checks["correctness"].passed, checks["correctness"].message
        message = checks["no_globals"].message
        assert checks["no_globals"].status.value == "failed", message
        for phrase in phrases:
            assert phrase in message, message
