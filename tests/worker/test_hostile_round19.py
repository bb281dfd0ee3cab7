"""Round 19: the C-environment counter of round 17 by routes session 25's call watch first missed (the
mirror `os.environ._data` emptied behind the C library's back, `operator.call` through `map`, a
`methodcaller`, a method-wrapper) and the watch's callback set to None from a standard-library frame
(tests/submissions/hostile/round19/README.md). How an attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND19 = SUBMISSIONS / "hostile" / "round19"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_environ_then_forget.py", "02_operator_call_map.py", "03_methodcaller.py", "04_bound_method_wrapper.py",
    "05_callback_nulled_from_stdlib_frame.py")}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND19, TARGETS, BREACHED, ALSO_REACHED)
