"""Round 6: attacks written by a red team that read the grader and docs/security.md, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round6/README.md);
how an attack counts as contained, and the strict expected failures: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND6 = SUBMISSIONS / "hostile" / "round6"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "slice_box.py": ("jit", "negatives", ("no_globals",)),
    "mappingproxy_delegate.py": ("jax-numpy", "pure_update", ("no_globals",)),
    "methodcaller_args.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "property_fget.py": ("purity", "sgd_step", ("no_globals",)),
    "frompyfunc_ufunc.py": ("purity", "per_example_grads", ("no_globals",)),
    "vectorize_pyfunc.py": ("jax-numpy", "update", ("no_globals",)),
    "class_state_via_instance.py": ("jit", "flatten", ("no_globals",)),
    "custom_jvp_rule.py": ("jax-numpy", "loss_and_grad", ("no_globals",)),
    "scratch_module.py": ("jit", "negatives", ("no_globals",)),
    "count_subclass.py": ("jit", "flatten", ("no_globals",)),
    "io_buffered_writer.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "dunder_attribute.py": ("jax-numpy", "update", ("no_globals",)),
    "annotations_slot.py": ("purity", "per_example_grads", ("no_globals",)),
    "library_function_dict.py": ("purity", "sgd_step", ("no_globals",)),
    "readonly_flag.py": ("jax-numpy", "pure_update", ("no_mutation",)),
    "signed_zero.py": ("purity", "sgd_step", ("no_mutation",)),
    "container_type_swap.py": ("purity", "sgd_step", ("no_mutation",)),
    "measured_by_traceback_stack.py": ("purity", "horner", ("compact_trace",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {}

# Checks outside the targets that rightly fail too: the attacked state is reached by them as well.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    # `update` calls `loss_and_grad`, whose custom JVP rule counts every differentiation.
    "custom_jvp_rule.py": {("update", "no_globals")},
}


(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND6, TARGETS, BREACHED, ALSO_REACHED)
