"""Round 10: attacks on session 14's changes (the file listing that skips read-only mounts, library
functions compared in blocks, scalar tables fingerprinted by one repr, examples drawn ahead and
stored, the seccomp filter), by a red team that read the grader and its diff and ran each file.

Each attack file is the reference solution with one attack added (tests/submissions/hostile/round10/
README.md); how an attack counts as contained, and the strict expected failures: `tests/hostile_round.py`.
Two files are probes with no points at stake: what the worker can reach of the judge's example store
and the solutions, and which system calls the filter lets through; each reports what it found in an
exception the judge quotes, read here.
"""

from __future__ import annotations

import re

import pytest

from graders.common.results import SubmissionResult

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND10 = SUBMISSIONS / "hostile" / "round10"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_files_cap_subdir_counter.py": ("jit", "negatives", ("no_globals",)),
    "02_proc_comm_counter.py": ("jit", "flatten", ("no_globals",)),
    "03_int_max_str_digits_counter.py": ("jit", "negatives", ("no_globals",)),
    "04_nan_payload_counter.py": ("jit", "flatten", ("no_globals",)),
    "05_drawn_values_mutation.py": ("jit", "negatives", ("no_mutation",)),
    "06_library_function_dict_counter.py": ("jit", "negatives", ("no_globals",)),
}

# Still breached, and why (the assumption each one defeats); see docs/security.md, "Residual risk".
# File 06 (a counter in a library function's `__dict__`) was, until session 17: a library function the
# code names is now read with what its `__dict__` keeps (`fingerprint.Reader._library_function`).
BREACHED: dict[str, str] = {}

# Checks outside the targets that rightly lose points too: a probe's `flatten` raises, so its other
# checks are held behind `correctness`.
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {
    # More files than the listing reads at a call: the folder is unreadable for every function, so no
    # function's no_globals can pass.
    "01_files_cap_subdir_counter.py": {(name, "no_globals") for name in ("norm", "flatten", "maybe_negate")},
    # /proc is mounted read-only: the write into `comm` raises, so `flatten` fails where it is called.
    "02_proc_comm_counter.py": {("flatten", check) for check in ("correctness", "jit", "no_mutation")},
    **{probe: {("flatten", check) for check in ("jit", "no_mutation", "no_globals")}
       for probe in ("07_example_store_probe.py", "08_seccomp_probe.py")},
}

# The probes: each makes `flatten` raise what it found, which costs flatten's points and nothing else.
PROBES: Targets = {
    "07_example_store_probe.py": ("jit", "flatten", ("correctness",)),
    "08_seccomp_probe.py": ("jit", "flatten", ("correctness",)),
}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND10, {**TARGETS, **PROBES}, BREACHED, ALSO_REACHED)


def _probe_report(result: SubmissionResult) -> str:
    flatten = next(exercise for exercise in result.exercises if exercise.name == "flatten")
    message = next(check.message for check in flatten.checks if check.name == "correctness")
    # The report is what JAX/Python says, on a line of its own; the quoted `raise` line names it too.
    found = re.search(r"^JAX/Python says: RT10PROBE (.*)$", message, re.MULTILINE)
    assert found, message
    return found.group(1)


def test_the_worker_reaches_neither_the_example_store_nor_the_solutions(graded) -> None:
    report = _probe_report(graded["07_example_store_probe.py"])
    entries = [entry.strip() for entry in report.split("|")]
    assert entries, report
    for entry in entries:
        path, _, outcome = entry.partition(":")
        if "xla-judge" in path or "solutions" in path:
            assert not outcome.startswith(("ls-ok", "r-ok", "w-ok")), entry
        assert not outcome.startswith("w-ok"), entry  # nothing outside its own folder is writable


@pytest.mark.skipif(not __import__("shutil").which("bwrap"), reason="the filter is bubblewrap's")
def test_the_filter_refuses_what_reaches_other_processes_or_the_kernel(graded) -> None:
    report = dict(part.split("=", 1) for part in _probe_report(graded["08_seccomp_probe.py"]).split()
                  if "=" in part)
    for call in ("kcmp", "modify_ldt_read", "memfd_secret", "pidfd_getfd", "process_madvise", "personality",
                 "userfaultfd", "io_uring_setup", "clone_newuser"):
        assert report[call] == "-1/1", (call, report)  # EPERM
    assert report["clone3"] == "-1/38"  # ENOSYS: the C library falls back to clone, whose flags are read
