"""Round 51: the worker's memory of what it compiled, forged (tests/submissions/hostile/round51/README.md). How an
attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND51 = SUBMISSIONS / "hostile" / "round51"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_forged_executable_flag.py": ("jit", "flatten", ("correctness", "no_mutation", "no_globals")),
    "02_forged_executable_callback.py": ("jit", "flatten", ("correctness", "jit", "no_mutation", "no_globals")),
    # `03` and `04` compute the right outputs by a detour, and keep `correctness`, which is decided on outputs; the
    # checks that also read the program are held for review.
    "03_program_rewritten_while_keyed.py": ("jit", "norm", ("jit", "no_recompilation", "no_mutation", "no_globals",
                                                            "jit_speedup")),
    "04_memory_reached_by_closure.py": ("jit", "flatten", ("no_mutation", "no_globals")),
}
BREACHED: dict[str, str] = {}
# `02` gates `negatives` through the same forged program.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {"02_forged_executable_callback.py": {
    ("negatives", "correctness"), ("negatives", "jit"), ("negatives", "no_mutation"), ("negatives", "no_globals"),
    ("negatives", "no_recompilation")}}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND51, TARGETS, BREACHED, ALSO_REACHED)
