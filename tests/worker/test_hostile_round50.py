"""Round 50: issue #50's third fresh round (tests/submissions/hostile/round50/README.md). How an attack
counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND50 = SUBMISSIONS / "hostile" / "round50"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "03_jit_static_key_eq.py": ("jit", "negatives", ("no_globals",)),
    "06_abc_register_counter.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "07_pytree_registry_flag.py": ("purity", "per_example_grads", ("no_globals",)),
    "08_import_this_once.py": ("jax-numpy", "loss_and_grad", ("no_globals",)),
    "09_contextvar_count.py": ("jit", "norm", ("no_globals",)),
    "13_coroutine_depth_counter.py": ("jit", "maybe_negate", ("no_globals",)),
    "21_weakref_finalize_counter.py": ("jit", "flatten", ("no_globals",)),
    "22_memo_handed_iterator.py": ("purity", "per_example_grads", ("no_globals",)),
    "24_singledispatch_register.py": ("jax-numpy", "update", ("no_globals",)),
    "25_jax_npy_value.py": ("jit", "negatives", ("no_mutation",)),
    "27_late_shape_via_contextvar.py": ("jax-numpy", "pure_update", ("no_mutation",)),
}
BREACHED: dict[str, str] = {}
# `08`'s `loss_and_grad` is called by the same file's `update`, whose output its state changes too.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {"08_import_this_once.py": {("update", "no_globals")}}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND50, TARGETS, BREACHED, ALSO_REACHED)
