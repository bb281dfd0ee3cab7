"""Every request between the judge and a worker is declared once, with what of the student's code it runs
(graders/both_sides/operations.py): the worker's handlers, the judge's requests and the declaration agree,
read from the source, so a request added on either side without a declaration fails here first. Each names
its request's and its reply's fields (graders/both_sides/messages.py), checked at the wire on both sides."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import is_typeddict

import pytest

from graders.both_sides import messages
from graders.both_sides.messages import CallReply, CallRequest, TimedKeptRequest, fields_problem
from graders.both_sides.operations import LOAD, OPERATIONS, SESSION_STEPS, Runs, timed_operations
from graders.judge.supervisor.client import WorkerLost
from graders.judge.supervisor.session import _declared_reply

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


def test_each_request_and_reply_is_a_declared_typed_dict() -> None:
    for operation in (*OPERATIONS.values(), LOAD):
        for message in (operation.request, operation.reply):
            assert is_typeddict(message), (operation.name, message)
            assert message.__name__ in messages.__all__, (operation.name, message.__name__)


def test_a_field_missing_unknown_or_of_another_type_is_named_in_one_line() -> None:
    call = {"name": "f", "args": [], "kwargs": {}, "mode": "jitted", "array_kind": "jax", "static_argnames": [],
            "echo_args": False}
    assert fields_problem(CallRequest, call) is None
    assert fields_problem(CallRequest, {**call, "shared": [[0, "float32", [2]]]}) is None  # an optional field
    assert fields_problem(CallRequest, {k: v for k, v in call.items() if k != "mode"}) == "CallRequest lacks mode"
    assert fields_problem(CallRequest, {**call, "output": 1}) == "CallRequest has no field 'output'"
    assert fields_problem(CallRequest, {**call, "echo_args": 1}) == "CallRequest.echo_args is int, not bool"
    assert fields_problem(CallRequest, {**call, "op": "call"}, allowed=frozenset({"op"})) is None
    # A bool is no int on the wire, and a missing error's location may be None.
    assert fields_problem(TimedKeptRequest, {"indices": True}) == "TimedKeptRequest.indices is bool, not list"
    error = {"type": "ValueError", "chain": ["ValueError"], "message": "m", "location": None}
    assert fields_problem(CallReply, {"ok": False, "error": error}) is None
    assert fields_problem(CallReply, {"ok": False, "error": "text"}) == "CallReply.error is str, not dict"


def test_the_judge_takes_a_reply_of_another_shape_as_the_workers_breach() -> None:
    operation = OPERATIONS["describe"]
    reply = {"op": "describe", "mark": 3, "integrity": {}, "defined": True, "callable": True, "jit_compiled": False,
             "type": "function"}
    assert _declared_reply(operation, reply) is reply
    for malformed, said in (({**reply, "defined": "yes"}, "DescribeReply.defined is str, not bool"),
                            ({**reply, "points": 1}, "DescribeReply has no field 'points'"),
                            ({**reply, "op": "call"}, "it answers 'call'"),
                            ({k: v for k, v in reply.items() if k != "type"}, "DescribeReply lacks type")):
        with pytest.raises(WorkerLost, match=re.escape(said)):
            _declared_reply(operation, malformed)
