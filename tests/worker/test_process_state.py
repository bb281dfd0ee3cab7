"""State of the process that no namespace shows (round 10): the sandbox keeps /proc unwritable, and the
two sides agree on which /proc paths are a process's own. (What a call changes in the interpreter's settings
is read from its source in the judge since issue #50: tests/unit/source/test_reached_state.py.)"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from graders.both_sides.proc_paths import reaches_process_files


@pytest.mark.parametrize(("path", "own"), [
    ("/proc/self/fd/3", True), ("/proc/./self/fd", True), ("/proc/cpuinfo/../self/mem", True),
    ("/proc/1/environ", True), ("/proc", True), ("/proc/thread-self/fd", True), ("/dev/fd/4", True),
    ("/proc/cpuinfo", False), ("/proc/meminfo", False), ("/proc/loadavg", False), ("data/proc.txt", False),
])
def test_a_processs_own_files_in_proc_and_not_the_machines_facts(path: str, own: bool) -> None:
    assert reaches_process_files(path) is own


@pytest.mark.skipif(not shutil.which("bwrap"), reason="bubblewrap's mount")
def test_proc_is_read_only_in_the_sandbox(tmp_path) -> None:
    from graders.judge.supervisor.isolation import detect_isolation, sandboxed_command

    isolation = detect_isolation()
    if not isolation.full:
        pytest.skip(isolation.reason)
    probe = ("import os\nfor name in ('comm', 'oom_score_adj', 'timerslack_ns'):\n"
             "    try:\n        open('/proc/self/' + name, 'w').write('1')\n        print(name, 'written')\n"
             "    except OSError as error:\n        print(name, error.errno)\n"
             "print(open('/proc/cpuinfo').read(9))")
    command = sandboxed_command([sys.executable, "-S", "-c", probe], workdir=tmp_path,
                                readable=[sys.prefix, sys.base_prefix], isolation=isolation)
    completed = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert "written" not in completed.stdout and completed.stdout.count(" 30") == 3, completed.stdout  # EROFS
    assert "processor" in completed.stdout
