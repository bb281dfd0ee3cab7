"""Round 18: routes to a capability that no reading of names follows (a namespace's subscript, a
third-party module's attribute, a search of `sys.modules`, a capability handed to `map`), and a try at
turning off the worker's watch of what the code calls (tests/submissions/hostile/round18/README.md).
How an attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND18 = SUBMISSIONS / "hostile" / "round18"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_vars_of_a_module.py", "02_third_party_route.py", "03_module_found_by_search.py", "04_called_by_map.py",
    "05_watch_turned_off.py")}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND18, TARGETS, BREACHED, ALSO_REACHED)
