"""What a function's result may depend on besides its arguments, read from its source in the judge: the
clock and the operating system's randomness.

A pure function's result depends only on its arguments. A call of `time.perf_counter()`, `datetime.now()`,
`os.urandom()` or `uuid.uuid4()` in the function or a helper it reaches makes it depend on when or where
it runs, which no comparison of a few calls can rule out: round 49 read the clock to tell a call counter
kept in JAX's own jit cache apart from a fresh one. The global random generators (`random`, NumPy's) are
the worker's state watch's to report, as state the call changes.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell, reached_definitions

__all__ = ["OutsideInput", "outside_inputs"]

_CLOCKS = frozenset({f"time.{name}" for name in ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic",
                                                 "monotonic_ns", "process_time", "process_time_ns", "thread_time",
                                                 "thread_time_ns", "clock_gettime", "clock_gettime_ns")}
                    | {f"datetime.datetime.{name}" for name in ("now", "today", "utcnow")}
                    | {"datetime.date.today"})
_ENTROPY = frozenset({"os.urandom", "os.getrandom", "uuid.uuid1", "uuid.uuid4",
                      *(f"secrets.{name}" for name in ("token_bytes", "token_hex", "token_urlsafe", "randbits",
                                                       "randbelow", "choice"))})


@dataclass(frozen=True)
class OutsideInput:
    """`what` (`time.perf_counter`) is called at `filename`:`line` (`code`); `kind` is `clock` or `entropy`."""

    kind: str
    what: str
    filename: str
    line: int
    code: str


def outside_inputs(cells: tuple[ParsedCell, ...], function: str) -> list[OutsideInput]:
    """The calls of the clock or the system's randomness in `function` and the helpers it reaches."""
    aliases = Aliases()
    for cell in cells:
        aliases.learn(cell.tree)
    found: list[OutsideInput] = []
    for filename, definition in reached_definitions(cells, function):
        for node in ast.walk(definition):
            if not isinstance(node, ast.Call):
                continue
            resolved = aliases.resolve(node.func) or ""
            kind = "clock" if resolved in _CLOCKS else "entropy" if resolved in _ENTROPY else None
            if kind is not None:
                found.append(OutsideInput(kind, resolved, filename, node.lineno, ast.unparse(node)))
    return sorted(found, key=lambda each: (each.filename, each.line))
