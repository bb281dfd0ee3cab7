"""Round 17: seventeen counters kept where session 25's first reading still did not look, found by a
red-team helper (tests/submissions/hostile/round17/README.md): a writable folder's own mode and times,
entries that cannot be read, writes through a mapping, a named pipe by path, pending signals and timers,
another thread's CPUs, and registries the interpreter and C library keep for the whole process. How an
attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND17 = SUBMISSIONS / "hostile" / "round17"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_folder_mode_bits.py", "02_shm_folder_mtime.py", "03_shm_without_search_bit.py", "04_path_too_long.py",
    "05_mmap_tmpfs_write.py", "06_readline_history.py", "07_atexit_registry.py", "08_interned_strings.py",
    "09_c_environ_tz.py", "10_pending_rt_signals.py", "11_itimer_interval.py", "12_other_thread_affinity.py",
    "13_codecs_error_registry.py", "14_numpy_hugepage_bit.py", "15_memfd_mmap_behind_descriptor.py",
    "16_unlinked_fifo_contents.py", "17_flock_bit_contained.py")}

BREACHED: dict[str, str] = {}

# A writable folder that cannot be read in full is no evidence of purity for any function.
_EVERY_OTHER_FUNCTION = {(name, "no_globals") for name in ("norm", "flatten", "maybe_negate")}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    "03_shm_without_search_bit.py": _EVERY_OTHER_FUNCTION,
    "04_path_too_long.py": _EVERY_OTHER_FUNCTION,
}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND17, TARGETS, BREACHED, ALSO_REACHED)
