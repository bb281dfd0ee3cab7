"""Round 21: against round 20's readings (tests/submissions/hostile/round21/README.md). How an attack
counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND21 = SUBMISSIONS / "hostile" / "round21"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    **{name: ("jit", "negatives", ("no_globals",)) for name in (
        "01_class_match_args.py", "02_module_annotations.py", "03_abc_registry.py", "04_warnings_onceregistry.py",
        "05_logging_handler_name.py", "06_logging_level_names.py", "07_callable_plant_on_logging.py",
        "08_pytree_static_registry.py", "09_logger_class_setter.py", "12_showwarning_exempt_partial.py")},
    "10_linecache_lazycache.py": ("purity", "sgd_step", ("no_globals",)),
    "11_dataclass_fields.py": ("jax-numpy", "pure_update", ("no_globals",)),
}

# Breached until session 31, now under issue #50's policy: `tests/hostile_round.py`, POLICY_CHANGED.
BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND21, TARGETS, BREACHED, ALSO_REACHED)
