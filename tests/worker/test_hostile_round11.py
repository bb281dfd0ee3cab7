"""Round 11: state kept in a library's callables, by a red team that read session 17's first fix.

That fix read the `__dict__` of a library function the code names as `module.name`. Seven of eight
attacks then kept a counter in a library callable reached any other way, or in the one key the fix
left unread, and earned their point: a module-level alias (`zl = jnp.zeros_like`), a class
attribute, a default argument whose `__signature__` carried the counter, a partial's own
`__dict__`, a library class's method (`np.vectorize.__call__`), `jax.tree_util.Partial`'s function,
and `jnp.zeros_like.__signature__` itself. The rule that closes them is about a kind of state,
not the tricks: a library's callable with a namespace of its own is read with all it keeps,
wherever the function reaches it (`hidden_state.reachable_parts`, `fingerprint.Reader._library_routine`).

Each attack file is the reference solution with one attack in `negatives`
(tests/submissions/hostile/round11/README.md); how an attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND11 = SUBMISSIONS / "hostile" / "round11"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_alias_global_function_dict.py",
    "02_class_attribute_function_dict.py",
    "03_default_arg_signature_counter.py",
    "04_jit_wrapper_dunder_attribute.py",
    "05_partial_own_dict.py",
    "06_library_class_method_dict.py",
    "07_tree_util_partial_func_dict.py",
    "08_named_library_function_signature.py",
)}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND11, TARGETS, BREACHED, ALSO_REACHED)
