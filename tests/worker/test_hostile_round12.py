"""Round 12: state kept in the submission's own class methods, by a red team told that session 18
reads a class's own methods whole, as the submission's functions.

The counter lives in a classmethod's function, a staticmethod's mutable default on a nested class, a
file-defined decorator's closure on a base class's method, a metaclass's method reached through a
dict, a property getter's annotations, and the function under a class-body `jax.jit` reached
through a bound method an instance holds (tests/submissions/hostile/round12/README.md). File 07, found
while reading those results, was a breach: a list only a base class defines, appended to through
`self` in a subclass's method, was no place of the subclass's. Each file
is the reference solution with one stateful graded function; how an attack counts as contained:
`tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND12 = SUBMISSIONS / "hostile" / "round12"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_classmethod_func_dict_via_instance.py": ("jit", "negatives", ("no_globals",)),
    "02_staticmethod_default_list_nested_class.py": ("jit", "flatten", ("no_globals",)),
    "03_inherited_method_decorator_closure.py": ("jit", "negatives", ("no_globals",)),
    "04_metaclass_method_dict_via_registry.py": ("jit", "flatten", ("no_globals",)),
    "05_property_fget_annotations.py": ("jit", "negatives", ("no_globals",)),
    "06_instance_bound_method_jit_wrapped.py": ("jit", "flatten", ("no_globals",)),
    # Not the helper's: found while reading its results, and a breach until `_class_parts` read the bases.
    "07_base_class_list_via_self.py": ("jit", "negatives", ("no_globals",)),
}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND12, TARGETS, BREACHED, ALSO_REACHED)
