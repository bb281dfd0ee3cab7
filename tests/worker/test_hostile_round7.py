"""Round 7: attacks on the round-6 design by a red team that read the grader and docs/security.md, never these tests.

Each file is the reference solution with one attack added (tests/submissions/hostile/round7/README.md);
how an attack counts as contained, and the strict expected failures: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND7 = SUBMISSIONS / "hostile" / "round7"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "weakref_global.py": ("jit", "negatives", ("no_globals",)),
    "generic_alias_global.py": ("jax-numpy", "pure_update", ("no_globals",)),
    "bound_method_in_tuple.py": ("purity", "sgd_step", ("no_globals",)),
    "library_module_data.py": ("jax-numpy", "scatter_add", ("no_globals",)),
    "yield_from_stack.py": ("jit", "flatten", ("no_globals",)),
    "codec_search_registry.py": ("purity", "per_example_grads", ("no_globals",)),
    "library_closure_rule.py": ("jax-numpy", "loss_and_grad", ("no_globals",)),
    "numpy_input_recompiles.py": ("jit", "negatives", ("no_recompilation",)),
    "setstate_buffer_swap.py": ("jax-numpy", "pure_update", ("no_mutation",)),
    "nested_dict_swapped.py": ("purity", "sgd_step", ("no_mutation",)),
    "measured_lengths_fixed_point.py": ("purity", "per_example_grads", ("compact_trace",)),
    "scan_unroll_param.py": ("purity", "horner", ("compact_trace",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
BREACHED: dict[str, str] = {}

# Checks outside the targets that rightly fail too: the attacked state is reached by them as well.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    # `update` calls `loss_and_grad`, whose JVP rule counts every differentiation.
    "library_closure_rule.py": {("update", "no_globals")},
}


(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND7, TARGETS, BREACHED, ALSO_REACHED)
