"""Round 8: attacks on the round-7 design (library data named by the code, the submission's objects found
by the collector, files as state) by a red team that read the grader and docs/security.md, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round8/README.md);
how an attack counts as contained, and the strict expected failures: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND8 = SUBMISSIONS / "hostile" / "round8"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "registry_bound_method.py": ("jax-numpy", "loss_and_grad", ("no_globals",)),
    "stride_tricks_argument_write.py": ("jax-numpy", "update", ("no_mutation",)),
    "lowering_unrolled_primitive.py": ("purity", "horner", ("compact_trace",)),
    "detached_listener_recompile.py": ("jit", "negatives", ("no_recompilation",)),
    "jax_array_buffer_counter.py": ("jit", "negatives", ("no_globals",)),
    "dtype_metadata_log.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "void_scalar_counter.py": ("purity", "sgd_step", ("no_globals",)),
    "unlisted_folder_counter.py": ("jax-numpy", "update", ("no_globals",)),
    "restored_mtime_counter.py": ("purity", "per_example_grads", ("no_globals",)),
    "umask_counter.py": ("jit", "flatten", ("no_globals",)),
    "late_registered_search.py": ("jax-numpy", "pure_update", ("no_globals",)),
    "imported_library_data.py": ("jit", "negatives", ("no_globals",)),
    "library_class_data.py": ("purity", "sgd_step", ("no_globals",)),
    "resident_unreadable_queue.py": ("jax-numpy", "update", ("no_globals",)),
    "jit_cache_counter.py": ("jit", "flatten", ("no_globals",)),
    "jax_argument_written.py": ("jax-numpy", "pure_update", ("no_mutation",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {}

# Checks outside the targets that rightly lose points too.
_EVERY_OTHER_JNP_FUNCTION = {("pure_update", "no_globals"), ("scatter_add", "no_globals"),
                             ("loss_and_grad", "no_globals")}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    # `update` calls `loss_and_grad`, whose lookup appends to the list.
    "registry_bound_method.py": {("update", "no_globals")},
    # A folder that cannot be listed, and a registered function holding a queue, hide state from every
    # call alike: which function uses them cannot be told, so none of them can be vouched for.
    "unlisted_folder_counter.py": _EVERY_OTHER_JNP_FUNCTION,
    "resident_unreadable_queue.py": _EVERY_OTHER_JNP_FUNCTION,
}


(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND8, TARGETS, BREACHED, ALSO_REACHED)
