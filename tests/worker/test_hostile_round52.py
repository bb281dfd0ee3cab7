"""Round 52: a fresh red team against the whole grader (tests/submissions/hostile/round52/README.md). How an attack
counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND52 = SUBMISSIONS / "hostile" / "round52"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_horner_in_pure_callback.py": ("purity", "horner", ("compact_trace",)),
    "02_per_example_loop_in_pure_callback.py": ("purity", "per_example_grads", ("compact_trace",)),
    "03_fit_steps_in_pure_callback.py": ("random-vmap", "fit", ("compact_trace",)),
    "04_batched_dot_rows_in_pure_callback.py": ("random-vmap", "batched_dot", ("compact_trace",)),
    "05_key_reused_through_raw_bits.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "06_key_cloned_by_wrap_key_data.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "09_key_reused_through_raw_bits_under_jit.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "10_raw_bits_split_twice.py": ("random-vmap", "init_layer", ("key_discipline",)),
    # Wrong answers both: they earn nothing, and must fail as the submission's doing, not read as the grader's.
    "07_huge_view_blames_the_grader.py": ("jax-numpy", "pure_update", ("correctness", "jit", "no_mutation",
                                                                      "no_globals")),
    "08_unsendable_integer.py": ("jax-numpy", "pure_update", ("correctness", "jit", "no_mutation", "no_globals")),
}
BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND52, TARGETS, BREACHED, ALSO_REACHED)


def test_a_result_too_large_to_send_back_fails_the_submission_with_a_sentence_not_the_grader(graded) -> None:
    for name in ("07_huge_view_blames_the_grader.py", "08_unsendable_integer.py"):
        exercise = next(e for e in graded[name].exercises if e.name == "pure_update")
        first = exercise.checks[0]
        assert first.status.value == "failed", (name, first.status, first.message)
        assert "not your fault" not in first.message, (name, first.message)
        assert "too large" in first.message or "more than" in first.message or "could not be sent back" \
            in first.message, (name, first.message)
