"""random-vmap's first contact: wrong answers a helper wrote from the statement are named at their line, and
honest answers in other styles keep full marks (tests/submissions/random_vmap/first_contact/README.md)."""

from __future__ import annotations

import pytest

from graders.common.results import Status

from ..conftest import SUBMISSIONS, max_score

FIRST_CONTACT = SUBMISSIONS / "random_vmap" / "first_contact"


# Two of the helper's ten honest styles (all ten kept full marks): `in_axes=(0, -1)`, which the reference writes
# `(0, 1)`, and `jnp.diag(A @ B)`, whose trace is larger than `vmap`'s but does not grow.
@pytest.mark.parametrize("file", ["honest_nested_vmap_negaxis.py", "honest_reversed_diag_closedform.py"])
def test_honest_answers_in_other_styles_earn_full_marks(file: str, graded) -> None:
    result = graded(FIRST_CONTACT / file, "random-vmap")
    assert result.score == max_score("random-vmap"), [(e.name, c.name, c.message) for e in result.exercises
                                                      for c in e.checks if c.status is not Status.PASSED]


@pytest.mark.parametrize(("file", "exercise", "check", "opening"), [
    # b = zeros: not "check the scale", but "not drawn from the key", at the line that makes b.
    ("wrong_init_bias_zeros.py", "init_layer", "distribution",
     "At wrong_init_bias_zeros.py, line 9 (`b = jnp.zeros((n_out,))`), the numbers `init_layer` returns in "
     "output[1] (`b`) are the same for every key."),
    ("wrong_init_fixed_key.py", "init_layer", "distribution",
     "`init_layer` makes its key from a constant at wrong_init_fixed_key.py, line 8"),
    ("wrong_init_np_random.py", "init_layer", "distribution",
     "`init_layer` draws from a process-wide generator at wrong_init_np_random.py, line 8"),
    ("wrong_init_shape_swapped.py", "init_layer", "distribution",
     "`init_layer` returns outputs shaped float32[4,8], float32[4], where the statement asks for float32[8,4] "
     "(`W`), float32[4] (`b`). output[0] is made at wrong_init_shape_swapped.py, line"),
    ("wrong_init_std_variance.py", "init_layer", "distribution",
     "At wrong_init_std_variance.py, line 9"),
    # The fix is B's axis, not `None`.
    ("wrong_dot_in_axes_00.py", "batched_dot", "correctness",
     "wrong_dot_in_axes_00.py, line 15 (`return jax.vmap(jnp.dot)(A, B)`) gives `jax.vmap` `in_axes=0`, where this "
     "exercise needs `(0, 1)`."),
    ("wrong_fit_global_data.py", "fit", "correctness",
     "wrong_fit_global_data.py, line 22 (`X_train`) reads `X_train`, data from outside the function"),
])
def test_wrong_answers_are_told_what_is_wrong_at_their_line(file: str, exercise: str, check: str, opening: str,
                                                            graded) -> None:
    result = graded(FIRST_CONTACT / file, "random-vmap")
    verdict = next(c for e in result.exercises if e.name == exercise for c in e.checks if c.name == check)
    assert verdict.status is Status.FAILED
    assert verdict.message.startswith(opening), verdict.message
