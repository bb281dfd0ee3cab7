"""Round 14: state kept in sockets once asyncio stopped being a tripwire by itself: an event loop's own
socket pair left open, pairs made through `logging.handlers`' `socket`, a pair made by the first call and
found again by descriptor number, and a thread `asyncio.to_thread` starts
(tests/submissions/hostile/round14/README.md). How an attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND14 = SUBMISSIONS / "hostile" / "round14"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_loop_self_pipe_counter.py": ("jit", "negatives", ("no_globals",)),
    "02_socketpair_through_logging.py": ("jit", "flatten", ("no_globals",)),
    "03_socket_made_by_first_call.py": ("jit", "flatten", ("no_globals",)),
    "04_to_thread_counter.py": ("jit", "negatives", ("no_globals",)),
    "05_detached_pair_by_number.py": ("jit", "flatten", ("no_globals",)),
}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND14, TARGETS, BREACHED, ALSO_REACHED)
