"""A result that may depend on the clock or the system's randomness, read in the judge (round 49)."""

from __future__ import annotations

from graders.judge.source.outside_inputs import outside_inputs
from graders.judge.source.parsed import parse_cells
from graders.judge.submission import submission_from_bytes


def _found(source: str, function: str) -> list[tuple[str, str, int]]:
    cells = parse_cells(submission_from_bytes("s.py", source.encode()))
    return [(each.kind, each.what, each.line) for each in outside_inputs(cells, function)]


def test_a_clock_read_in_the_function_or_a_helper_it_reaches_is_found() -> None:
    source = ("import time\nfrom datetime import datetime\n\ndef _token():\n    return time.perf_counter_ns()\n\n"
              "def flatten(x):\n    _token()\n    return x.reshape(-1)\n\ndef stamp(x):\n    return datetime.now()\n")
    assert _found(source, "flatten") == [("clock", "time.perf_counter_ns", 5)]
    assert _found(source, "stamp") == [("clock", "datetime.datetime.now", 12)]


def test_timing_around_the_call_is_not_the_function_s() -> None:
    source = "import time\n\ndef flatten(x):\n    return x.reshape(-1)\n\nt = time.perf_counter()\nflatten(1)\n"
    assert _found(source, "flatten") == []


def test_the_system_s_randomness_is_found() -> None:
    assert _found("import os\n\ndef f(x):\n    return os.urandom(4)\n", "f") == [("entropy", "os.urandom", 4)]
