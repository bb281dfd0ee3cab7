"""Round 13: the census of the submission's objects, which walks the garbage collector's lists, defeated:
the heap frozen (`gc.freeze`) to hide a closure, once or again and again, from a collection hook, the
heap module's canary rebound, a counter kept in a suspended generator, and the census's cut filled with
padding (tests/submissions/hostile/round13/README.md). Every file was a breach before session 23's
`graders/worker/heap.py` and its fixes; how an attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND13 = SUBMISSIONS / "hostile" / "round13"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_frozen_registered_counter.py": ("jit", "negatives", ("no_globals",)),
    "02_frozen_late_closure.py": ("jit", "flatten", ("no_globals",)),
    "03_thaw_then_refreeze.py": ("jit", "flatten", ("no_globals",)),
    "04_rebind_canary.py": ("jit", "negatives", ("no_globals",)),
    "05_collection_hook_freeze.py": ("jit", "flatten", ("no_globals",)),
    "07_generator_frame_counter.py": ("jit", "negatives", ("no_globals",)),
    "08_census_cap_padding.py": ("jit", "negatives", ("no_globals",)),
}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND13, TARGETS, BREACHED, ALSO_REACHED)
