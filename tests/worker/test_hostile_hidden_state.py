"""Hidden state kept where the function body does not show it: each such submission still gets
its answers right, and fails `no_globals` with a message naming what and where, read from the source in
the judge (issue #50)."""

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
        "flatten": ("class attribute `Layout.FLAT`", "`flat_shape`", "line 14"),
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
        "sgd_step": ("default value of `_recent`", "line 13", "shared by every call"),
        "horner": ("`degrees`", "closure of `_make_horner`", "line 22"),
        "per_example_grads": ("default value of `_ids`",),
        "moving_average": ("`seen`", "closure"),
    }),
    # Held-out round (#27): state and constants where a walk through modules and classes never looked.
    ("hidden_function_attribute.py", "jit", {
        "negatives": ("`negatives.threshold`", "line 14", "what earlier calls left on a function"),
        "maybe_negate": ("`maybe_negate.seen`", "line 25"),
    }),
    ("hidden_metaclass.py", "jit", {
        "negatives": ("class attribute `Config.THRESHOLD`", "float", "line 26"),
        "flatten": ("`type(cls).calls`", "line 13"),
    }),
    ("hidden_partial_state.py", "jit", {
        "negatives": ("`seen`", "`partial(_negatives, seen=[])`", "line 16"),
        "flatten": ("`cache`", "`partial(_flatten, cache={})`", "line 24"),
    }),
    ("hidden_bound_method.py", "jit", {
        "negatives": ("`_record`", "[].append", "line 18"),
        "flatten": ("`_tick`", "line 23"),
    }),
    ("hidden_decorator_memo.py", "jit", {
        "negatives": ("`cache`", "closure of `memoize`", "line 19"),
        "flatten": ("`cache`", "closure"),
    }),
    ("behaves_when_watched.py", "jit", {
        "negatives": ("`history`", "closure", "line 23"),
    }),
    ("hidden_random_draws.py", "jit", {
        "negatives": ("global random generator of `numpy.random`", "jax.random", "traced"),
        "flatten": ("global random generator of `random`", "jax.random"),
    }),
    # `scatter_add`'s `lru_cache` on a pure helper keeps nothing any caller can see: no longer state (#50).
    ("hidden_caches.py", "jax-numpy", {
        "pure_update": ("`box`", "closure"),
        "loss_and_grad": ("`math._calls`", "library `math`"),
        "update": ("default value of `_turns`", "`next(_turns)`"),
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
