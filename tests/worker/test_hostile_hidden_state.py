"""Hidden state kept where the function body does not show it: each such submission still gets
its answers right, and fails `no_globals` with a message naming what and where."""

from __future__ import annotations

import pytest

from graders.judge.grade import GradingOptions, grade_path

from ..conftest import SUBMISSIONS

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
        # The first call counts a new length: the Counter gains a key.
        "horner": ("`degrees`", "closure", "Counter length +1"),
        "per_example_grads": ("default value of `_ids`",),
        "moving_average": ("`seen`", "closure", "_Quiet length +1"),
    }),
    # Held-out round (#27): state and constants where a walk through modules and classes never looked.
    ("hidden_function_attribute.py", "jit", {
        "negatives": ("`negatives.threshold`", "float", "line 14", "attribute kept on a function"),
        "maybe_negate": ("`maybe_negate.seen`", "list length +1", "line 25"),
    }),
    ("hidden_metaclass.py", "jit", {
        "negatives": ("class attribute `Config.THRESHOLD`", "float", "line 26"),
        "flatten": ("`Config.calls`", "+1"),
    }),
    ("hidden_partial_state.py", "jit", {
        "negatives": ("`seen`", "`functools.partial` `negatives`", "list length +1", "line 16"),
        "flatten": ("`cache`", "`functools.partial` `flatten`", "dict length +1", "line 24"),
    }),
    ("hidden_bound_method.py", "jit", {
        "negatives": ("the object behind `_record`", "`append`", "list length +1", "line 18"),
        "flatten": ("the object behind `_tick`", "`__next__`", "line 23"),
    }),
    ("hidden_decorator_memo.py", "jit", {
        "negatives": ("`cache`", "closure", "dict length +1", "line 19"),
        "flatten": ("`cache`", "closure", "dict length +1"),
    }),
    ("behaves_when_watched.py", "jit", {
        "negatives": ("`history`", "closure", "list length +1", "line 23"),
    }),
    ("hidden_random_draws.py", "jit", {
        "negatives": ("global random generator of `numpy.random`", "jax.random", "traced"),
        "flatten": ("global random generator of `random`", "jax.random"),
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
            assert phrase.lower() in message.lower(), message  # the first finding opens a sentence: capitalised
