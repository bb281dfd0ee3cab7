"""State of the process and the interpreter that no namespace shows (round 10): the worker's snapshot
reads it, the sandbox keeps /proc unwritable, and the two sides agree on which /proc paths are a
process's own. Run in a child process where the worker's modules are imported, as in the worker."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graders.both_sides.proc_paths import reaches_process_files
from graders.worker.fingerprint import exact_repr

_SCRIPT = textwrap.dedent("""
    import json, math, os, signal, struct, sys, decimal
    import numpy as np
    from graders.worker import state_watch
    from graders.worker.fingerprint import Reader

    def settings():
        return state_watch._interpreter_settings(Reader())

    found = {}
    before = settings()
    found["unchanged"] = settings() == before
    # What JAX sets up at its first use of a transformation is no call's state (it registered an exit
    # handler at the first `value_and_grad`, session 26: `atexit`'s count is not read).
    import jax
    jax.value_and_grad(lambda x: (x ** 2).sum())(np.ones(3, np.float32))
    jax.jit(jax.vmap(jax.grad(lambda x: x.sum() ** 2)))(np.ones((2, 3), np.float32))
    found["first_uses_unchanged"] = settings() == before
    changes = {
        "int_max_str_digits": lambda: sys.set_int_max_str_digits(sys.get_int_max_str_digits() + 1),
        "switch_interval": lambda: sys.setswitchinterval(sys.getswitchinterval() * 2),
        "numpy_printoptions": lambda: np.set_printoptions(precision=np.get_printoptions()["precision"] + 1),
        "numpy_errors": lambda: np.seterr(over="raise"),
        "decimal_precision": lambda: setattr(decimal.getcontext(), "prec", decimal.getcontext().prec + 1),
        "signal_handler": lambda: signal.signal(signal.SIGUSR1, lambda *args: None),
        "signal_handler_replaced": lambda: signal.signal(signal.SIGUSR1, lambda *args: 1),
        # Values no plain text covers, read as they were before session 23's fast path.
        "numpy_error_call": lambda: np.seterrcall(lambda *args: None),
        "numpy_formatter": lambda: np.set_printoptions(formatter={"float": lambda x: "x"}),
        "numpy_formatter_replaced": lambda: np.set_printoptions(formatter={"float": lambda x: "y"}),
        # Round 20: settings libraries keep in place, changed through their public functions.
        "stream_errors": lambda: sys.stderr.reconfigure(errors="replace"),
        "jax_config": lambda: __import__("jax").config.update("jax_traceback_filtering", "off"),
        "warnings_filter": lambda: __import__("warnings").filterwarnings("error", message="round 20"),
        "logger_level": lambda: __import__("logging").getLogger("round20").setLevel(7),
        "logger_level_again": lambda: __import__("logging").getLogger("round20").setLevel(8),
        "syslog_mask": lambda: __import__("syslog").setlogmask(3),
    }
    for name, change in changes.items():
        was = settings()
        change()
        found[name] = settings() != was
    kernel = state_watch._kernel_state()
    os.nice(1)
    found["nice"] = state_watch._kernel_state() != kernel
    kernel = state_watch._kernel_state()
    os.umask(0o077)
    found["umask"] = state_watch._kernel_state() != kernel
    was = state_watch._process_state()
    os.environ["JAXGRADE_TEST_COUNTER"] = "1"
    found["environment"] = state_watch._process_state() != was
    was = state_watch._process_state()
    os.environ["JAXGRADE_TEST_COUNTER"] = "2"
    found["environment_value"] = state_watch._process_state() != was
    was = state_watch._process_state()
    np.random.random()
    found["numpy_generator"] = state_watch._process_state() != was
    # State behind a descriptor (round 16): an eventfd's count, an offset, a flag, a deleted file's bytes.
    counter = os.eventfd(1)
    deleted = os.open("jaxgrade-test-deleted", os.O_RDWR | os.O_CREAT)
    os.unlink("jaxgrade-test-deleted")
    descriptor_changes = {
        "eventfd_count": lambda: os.eventfd_write(counter, 1),
        "file_offset": lambda: os.lseek(deleted, 1, os.SEEK_CUR),
        "descriptor_flag": lambda: os.set_blocking(deleted, False),
        "deleted_file_bytes": lambda: os.pwrite(deleted, b"x", 0),
        "descriptor_opened": lambda: os.dup(deleted),
    }
    for name, change in descriptor_changes.items():
        kernel = state_watch._kernel_state()
        change()
        found[name] = state_watch._kernel_state() != kernel
    kernel = state_watch._kernel_state()
    found["descriptors_unchanged"] = state_watch._kernel_state() == kernel
    print(json.dumps(found))
""")


def test_every_interpreter_and_process_setting_a_call_can_change_is_read(tmp_path: Path) -> None:
    completed = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=120,
                               cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr[-3000:]
    found = json.loads(completed.stdout.strip().splitlines()[-1])
    assert found.pop("unchanged") is True
    assert found.pop("first_uses_unchanged") is True
    assert found.pop("descriptors_unchanged") is True
    assert all(found.values()), found


def test_a_nan_is_read_by_its_bits() -> None:
    quiet = float("nan")
    payload = __import__("struct").unpack("<d", bytes.fromhex("0100000000f8ff7f"))[0]
    assert repr(quiet) == repr(payload) == "nan"
    assert exact_repr(quiet) != exact_repr(payload)
    assert exact_repr(complex(quiet, 0)) != exact_repr(complex(payload, 0))
    assert exact_repr(1.5) == "1.5" and exact_repr("nan") == "'nan'"


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
