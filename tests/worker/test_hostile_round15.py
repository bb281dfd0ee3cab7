"""Round 15: state kept where no snapshot looked (asyncio's global state, a pipe at fixed descriptors,
hard limits, `decimal`'s flags, the locale, tracemalloc's limit, the scheduling policy), found by a
red-team helper against session 24's narrowing (tests/submissions/hostile/round15/README.md). How an
attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND15 = SUBMISSIONS / "hostile" / "round15"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_asyncio_policy_attr.py", "02_asyncio_call_later.py", "03_asyncio_running_slot.py", "04_pipe_local_alias.py",
    "05_hard_rlimit.py", "06_decimal_flags.py", "07_locale_bits.py", "08_tracemalloc_limit.py",
    "09_sched_policy.py")}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND15, TARGETS, BREACHED, ALSO_REACHED)
