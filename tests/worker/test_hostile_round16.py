"""Round 16: state kept behind a descriptor (an eventfd's count, a deleted file's offset, a descriptor's
flag), found in session 25 from the residual risk of round 15 (tests/submissions/hostile/round16/README.md),
and the descriptor of the judge's own memory that CPython's `mmap` left in the worker. How an attack
counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from pathlib import Path

from graders.judge.grade import GradingOptions, grade_path

from ..conftest import REPO, SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND16 = SUBMISSIONS / "hostile" / "round16"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {name: ("jit", "negatives", ("no_globals",)) for name in (
    "01_eventfd_counter.py", "02_deleted_file_offset.py", "03_descriptor_flag.py")}

BREACHED: dict[str, str] = {}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND16, TARGETS, BREACHED, ALSO_REACHED)

_LIST_DESCRIPTORS = """\
import os
held = []
for name in os.listdir("/proc/self/fd"):
    try:
        held.append(os.readlink(f"/proc/self/fd/{name}"))
    except OSError:
        pass
print("HELD", sorted(held))
"""


def test_the_worker_holds_no_descriptor_of_the_judges_memory(tmp_path: Path) -> None:
    """The arguments' memory is mapped, and its descriptor closed; CPython's `mmap` kept a duplicate
    (until session 25), a file student code could find and keep state in where no reading looked."""
    submission = tmp_path / "lists_descriptors.py"
    submission.write_text(_LIST_DESCRIPTORS + (REPO / "solutions" / "jit.py").read_text(encoding="utf-8"),
                          encoding="utf-8")
    result = grade_path(str(submission), "jit", GradingOptions(lang="en"))
    held = next(line for line in result.student_output.splitlines() if line.startswith("HELD"))
    assert "memfd" not in held and "jaxgrade-arguments" not in held, held
