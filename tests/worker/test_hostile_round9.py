"""Round 9: attacks on session 13's cheaper instruments (the audit hook's quick refusals, identities by
`object.__hash__`, the library comparison's shortcuts, the integrity check through `gc.get_referents`,
no census for an empty submission), by a red team that read the grader and its diff, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round9/README.md);
how an attack counts as contained, and the strict expected failures: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND9 = SUBMISSIONS / "hostile" / "round9"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_blind_watcher_silent_compiles.py": ("jit", "negatives", ("no_recompilation",)),
    "02_blind_watcher_fake_jit.py": ("jit", "flatten", ("jit",)),
    "03_monitoring_empties_watch_addresses.py": ("jit", "negatives", ("jit",)),
    "04_staticmethod_digest_file_counter.py": ("jit", "flatten", ("no_globals",)),
    "05_listener_code_swap_silent_compiles.py": ("jit", "negatives", ("no_recompilation",)),
    "06_recursion_blinds_audit_forged_filename.py": ("jit", "negatives", ("no_globals",)),
    "07_quiet_set_poisoned_forged_filename.py": ("jit", "flatten", ("no_globals",)),
    "08_monitoring_empties_student_files.py": ("jit", "negatives", ("no_globals",)),
    "09_library_frame_launders_code_new.py": ("jit", "negatives", ("no_globals",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {}

# Checks outside the targets that rightly lose points too.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}


(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND9, TARGETS, BREACHED, ALSO_REACHED)
