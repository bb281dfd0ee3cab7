"""`no_globals` by comparison, decided in the judge: the same call, before and after other calls, gives the
same output bit for bit (issue #50's policy: state that changes an output fails, wherever it is kept)."""

from __future__ import annotations

from pathlib import Path

from graders.judge.grade import GradingOptions, grade_path

# A counter no reading of the source follows to a module-level name: the list a memo cache hands out, changed
# through the call that returns it. Only the outputs show it.
_FLIPPING = '''
from functools import lru_cache

import jax.numpy as jnp


@lru_cache(maxsize=None)
def _box():
    return [0]


def flatten(x):
    _box()[0] += 1
    return jnp.ravel(x) * (1.0 if _box()[0] % 2 else -1.0)
'''


def test_an_output_that_changes_after_other_calls_fails_no_globals(tmp_path: Path) -> None:
    path = tmp_path / "flipping.py"
    path.write_text(_FLIPPING)
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    flatten = next(exercise for exercise in result.exercises if exercise.name == "flatten")
    check = next(check for check in flatten.checks if check.name == "no_globals")
    # The counter changes `flatten`'s sign, so correctness fails too, and `no_globals` says what it found.
    assert check.points == 0 and "history" in check.details, (check.message, dict(check.details))
    assert check.details.get("found", check.status.value) == "failed"
    assert "returned another output for the same input" in check.message


def test_a_pure_function_gives_the_same_output_after_other_calls() -> None:
    from ..conftest import REPO

    result = grade_path(REPO / "solutions" / "jit.py", "jit", GradingOptions(lang="en"))
    assert all(check.passed for exercise in result.exercises for check in exercise.checks
               if check.name == "no_globals")
