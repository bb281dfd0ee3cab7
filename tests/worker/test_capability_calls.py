"""What the submission's code calls is recognised by the object called (`graders/worker/capability_calls.py`):
by any route, by a call C makes for it, and never for the questions and idioms an honest notebook has.
Run in a child process, as in the worker: the watch takes a PEP 669 tool of the process's own."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

_STUDENT = '''\
import atexit, functools, logging, os, tempfile, threading, time
import numpy as np
atexit.register(print)
def routes():
    vars(logging)["os"].putenv("JAXGRADE_A", "1")
    np.lib._npyio_impl.os.unsetenv("JAXGRADE_A")
    list(map(os.unsetenv, ["JAXGRADE_B"]))
    functools.partial(os.putenv, "JAXGRADE_C")("1")
def honest():
    fd, path = tempfile.mkstemp()
    os.close(fd)
    os.remove(path)
    time.perf_counter()
    threading.current_thread()
    threading.get_ident()
    return os.getcwd(), os.cpu_count(), np.sum(np.ones(3))
def registry():
    atexit.register(print)
'''

_SCRIPT = textwrap.dedent('''
    import json, sys
    from graders.worker.capability_calls import CapabilityCalls

    reports = []
    calls = CapabilityCalls()
    calls.report = lambda kind, name, filename, line: reports.append([kind, name, line])
    source = sys.argv[1]
    code = compile(source, "student.py", "exec")
    namespace = {}
    calls.watch(code)
    exec(code, namespace)
    calls.loading = False
    found = {}
    for name in ("routes", "honest", "registry"):
        reports.clear()
        namespace[name]()
        found[name] = list(reports)
    reports.clear()
    with calls.paused():
        namespace["routes"]()
    found["paused"] = list(reports)
    found["intact"] = calls.intact()
    sys.monitoring.set_local_events(3, namespace["routes"].__code__, 0)
    reports.clear()
    found["tampered"] = [calls.intact(), list(reports)]
    print(json.dumps(found))
''')


def _run() -> dict:
    completed = subprocess.run([sys.executable, "-c", _SCRIPT, _STUDENT], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_a_capability_is_seen_by_any_route_and_an_honest_habit_is_not() -> None:
    found = _run()
    # Line 8 twice: the partial made with `os.putenv`, then called (the judge keeps one per kind and line).
    assert found["routes"] == [["process", "os.putenv", 5], ["process", "os.unsetenv", 6],
                               ["process", "os.unsetenv", 7], ["process", "os.putenv", 8],
                               ["process", "os.putenv", 8]]
    assert found["honest"] == []  # mkstemp's descriptor closed, questions asked, `os.getcwd`, NumPy
    assert found["registry"] == [["registry", "atexit.register", 18]]  # at a call; at load it was not
    assert found["paused"] == []
    assert found["intact"] is True
    assert found["tampered"] == [False, [["silenced", "the watch of what the code calls was turned off", 0]]]
