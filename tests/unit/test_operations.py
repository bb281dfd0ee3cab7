"""Every request between the judge and a worker is declared once, with what of the student's code it runs
(graders/both_sides/operations.py): the worker's handlers, the judge's requests and the declaration agree,
read from the source, so a request added on either side without a declaration fails here first."""

from __future__ import annotations

import ast
from pathlib import Path

from graders.both_sides.operations import OPERATIONS, SESSION_STEPS, Runs, timed_operations

from ..conftest import REPO

_WORKER = REPO / "graders" / "worker"
_SESSION = REPO / "graders" / "judge" / "supervisor" / "session.py"


def _handler_names(path: Path) -> set[str]:
    """The keys of the dict each `handlers()` method of `path` returns, and any `handlers["..."] = ...`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name == "handlers":
            for returned in ast.walk(node):
                if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Dict):
                    names |= {key.value for key in returned.value.keys if isinstance(key, ast.Constant)}
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "handlers" \
                and isinstance(node.slice, ast.Constant) and isinstance(node.ctx, ast.Store):
            names.add(node.slice.value)
    return names


def _requested(path: Path) -> set[str]:
    """The op of every `self._request("op", ...)` in `path`, and of every conditional one."""
    ops: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_request":
            first = node.args[0]
            options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            ops |= {option.value for option in options if isinstance(option, ast.Constant)}
    return ops


def test_every_handler_the_worker_has_is_declared_and_every_declaration_has_a_handler() -> None:
    answered: set[str] = set()
    for path in sorted(_WORKER.glob("*.py")):
        answered |= _handler_names(path)
    assert answered == set(OPERATIONS), (f"answered, not declared: {sorted(answered - set(OPERATIONS))}; "
                                         f"declared, not answered: {sorted(set(OPERATIONS) - answered)}")


def test_the_judge_sends_only_declared_requests() -> None:
    requested = _requested(_SESSION)
    assert requested, "no request found: the reading of session.py is stale"
    assert requested <= set(OPERATIONS), sorted(requested - set(OPERATIONS))


def test_each_request_says_what_it_runs_and_the_session_steps_are_apart() -> None:
    assert not SESSION_STEPS & set(OPERATIONS)
    assert all(OPERATIONS[name].runs is Runs.CALLS for name in ("call", "call_each_kind", "recompilation",
                                                                 "recompilation_warmup", "trace_size", "intermediates"))
    assert timed_operations() == {"timing_begin", "timed_run", "timed_kept", "timing_end"}
    assert not OPERATIONS["describe"].runs_student_code
