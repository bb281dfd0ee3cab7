"""Round 20: counters kept where the readings of session 25 did not look (dunder names, the standard
streams' settings, JAX's configuration, loggers' levels, `warnings`' filters, the syslog mask, NumPy's
private switches, the atexit registry reached through a `staticmethod`, `sys.intern` handed to C code as
a keyword) and three places still read nowhere (tests/submissions/hostile/round20/README.md). How an
attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND20 = SUBMISSIONS / "hostile" / "round20"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    **{name: ("jit", "negatives", ("no_globals",)) for name in (
        "01_dunder_global_list.py", "02_stderr_errors_counter.py", "03_tempfile_private_rng.py",
        "04_mimetypes_registry.py", "05_jax_config_counter.py", "06_intern_by_groupby_key.py",
        "07_atexit_via_staticmethod.py", "08_syslog_logmask.py", "09_faulthandler_toggle.py",
        "10_encodings_submodule_counter.py", "12_logger_level_counter.py", "13_numpy_mem_policy_switch.py",
        "14_warnings_filter_counter.py")},
    "11_dict_order_mutation.py": ("purity", "sgd_step", ("no_mutation",)),
    "15_class_dunder_attribute.py": ("jax-numpy", "pure_update", ("no_globals",)),
}

# State a standard-library module keeps in its own data and changes through its public functions, read
# back through their results: no name of the submission's holds it, and no reading takes it.
# Breached until session 31, now under issue #50's policy: `tests/hostile_round.py`, POLICY_CHANGED.
BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND20, TARGETS, BREACHED, ALSO_REACHED)
