"""Each request's and each reply's fields, as types both sides check at the wire.

`operations.py` names every request with what it runs; this module says what each one carries each way.
The judge checks a request before it sends it (a field it forgot or misspelled is its own slip, stopped
there) and a reply as it arrives (a reply of another shape is the worker's breach: `WorkerLost`). The worker
checks a request before its handler runs and its handler's reply before it leaves, so a handler that answers
a field nobody declared fails in the tests, not in a grading.

Values inside (`Encoded`) are the protocol's tagged data (`protocol.encode_value`), decoded by the judge
alone; a field's check is its top-level type, and no more: what is inside is for the judge's decoding.

Imported by both sides: the standard library only.
"""

import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, Union

__all__ = [
    "ENVELOPE",
    "CallEachKindReply",
    "CallEachKindRequest",
    "CallReply",
    "CallRequest",
    "DescribeReply",
    "DescribeRequest",
    "DefineFormulaRequest",
    "EchoEarlierReply",
    "ErrorReport",
    "Empty",
    "Encoded",
    "IntermediatesReply",
    "IntermediatesRequest",
    "LibraryCheckReply",
    "LoadReply",
    "LoadRequest",
    "Ok",
    "RecompilationReply",
    "RecompilationRequest",
    "RecompilationWarmupRequest",
    "TimedKeptReply",
    "TimedKeptRequest",
    "TimedRunReply",
    "TimedRunRequest",
    "TraceSizeReply",
    "TraceSizeRequest",
    "WireCall",
    "fields_problem",
]

# A value in the protocol's tagged form: decoded only by the judge, which never trusts its shape.
Encoded = Any

# What every reply carries besides its own fields: the request's name, the event mark that ends its window
# on the stream, and the integrity record (session.py compares it with the baseline).
ENVELOPE: frozenset[str] = frozenset({"op", "mark", "integrity"})


class Empty(TypedDict):
    """A request with no fields."""


class Ok(TypedDict):
    """A reply that says only that the step was done."""

    ok: bool


class WireCall(TypedDict):
    """One call's arguments: positional, then by keyword."""

    args: list[Encoded]
    kwargs: dict[str, Encoded]


class ErrorReport(TypedDict):
    """What the submission's code raised, as the worker describes it (judge/supervisor: `ErrorReport`)."""

    type: str
    chain: list[str]
    message: str
    location: NotRequired[dict[str, Any] | None]


class LoadRequest(TypedDict):
    jax_config: dict[str, Any]
    module_name: str
    cells: list[dict[str, Any]]


class LoadReply(TypedDict):
    baseline: dict[str, Any]
    cells: list[dict[str, Any]]
    library: list[str]


class DescribeRequest(TypedDict):
    name: str


class DescribeReply(TypedDict):
    defined: bool
    callable: bool
    jit_compiled: bool
    type: str


class CallRequest(TypedDict):
    name: str
    args: list[Encoded]
    kwargs: dict[str, Encoded]
    mode: str
    array_kind: str
    static_argnames: list[str]
    echo_args: bool
    # Where each NumPy argument lies in the memory the judge shares with the worker.
    shared: NotRequired[list[Any]]


class CallReply(TypedDict):
    ok: bool
    output: NotRequired[Encoded]
    error: NotRequired[ErrorReport]
    # JAX arrays the caller can no longer use (donated, deleted): [where, what].
    deleted: NotRequired[list[Any]]
    args_after: NotRequired[Encoded]
    kwargs_after: NotRequired[Encoded]
    # JAX arrays' values as the call got them, echoed beside `*_after` (they are not in the judge's memory).
    args_before: NotRequired[Encoded]
    kwargs_before: NotRequired[Encoded]
    read_only: NotRequired[list[int]]
    rebuilt: NotRequired[list[int]]
    containers_replaced: NotRequired[list[Any]]


class CallEachKindRequest(TypedDict):
    name: str
    args: list[Encoded]
    kwargs: dict[str, Encoded]
    array_kinds: list[str]
    shared: NotRequired[list[Any]]


class CallEachKindReply(TypedDict):
    ok: bool
    replies: list[CallReply]


class EchoEarlierReply(TypedDict):
    ok: bool
    # Per earlier call: "args", "kwargs" (echoed as now), "read_only" and "rebuilt" (placed arrays' indices).
    earlier: list[dict[str, Encoded]]


class RecompilationWarmupRequest(TypedDict):
    name: str
    array_kind: str
    warmup: list[WireCall]


class RecompilationRequest(TypedDict):
    name: str
    array_kind: str
    measured: list[WireCall]


class RecompilationReply(TypedDict):
    ok: bool
    error: NotRequired[ErrorReport]
    calls: NotRequired[int]
    explanations: NotRequired[list[str]]


class LibraryCheckReply(TypedDict):
    changed: list[str]


class TraceSizeRequest(TypedDict):
    name: str
    static_argnames: list[str]
    calls: list[WireCall]


class TraceSizeReply(TypedDict):
    ok: bool
    error: NotRequired[ErrorReport]
    sizes: NotRequired[list[int]]
    lines: NotRequired[list[Any]]
    features: NotRequired[list[Any]]


class IntermediatesRequest(TypedDict):
    name: str
    static_argnames: list[str]
    args: list[Encoded]
    kwargs: dict[str, Encoded]


class IntermediatesReply(TypedDict):
    ok: bool
    error: NotRequired[ErrorReport]
    outputs: NotRequired[list[int]]
    nodes: NotRequired[list[Any]]


class DefineFormulaRequest(TypedDict):
    source: str
    name: str


class TimedRunRequest(TypedDict):
    target: str
    name: str
    shape: list[int]
    seeds: list[int]
    require_jit: bool
    commitment: str


class TimedRunReply(TypedDict):
    ok: bool
    error: NotRequired[ErrorReport | dict[str, Any]]
    not_jit: NotRequired[str]
    not_array: NotRequired[str]
    calls: NotRequired[int]
    digests: NotRequired[list[str]]


class TimedKeptRequest(TypedDict):
    indices: list[int]


class TimedKeptReply(TypedDict):
    ok: bool
    outputs: list[Encoded]


def fields_problem(message: type, fields: Mapping[str, Any], *, allowed: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with `fields` as a `message` (a TypedDict above), in one line; None when nothing is.

    Every required field must be there, no other field may be (but those in `allowed`: the envelope), and
    each field's top-level type must be its declared one. `bool` is no `int` here, as on the wire."""
    hints = _hints(message)
    required: frozenset[str] = getattr(message, "__required_keys__", frozenset())
    missing = sorted(required - fields.keys())
    if missing:
        return f"{message.__name__} lacks {', '.join(missing)}"
    unknown = sorted(fields.keys() - hints.keys() - allowed)
    if unknown:
        return f"{message.__name__} has no field {', '.join(map(repr, unknown[:5]))}"
    for name, hint in hints.items():
        if name in fields and not _has_type(fields[name], hint):
            return f"{message.__name__}.{name} is {type(fields[name]).__name__}, not {_describe(hint)}"
    return None


@functools.cache
def _hints(message: type) -> dict[str, Any]:
    """`message`'s field types, read once: every request and reply is checked against them, and reading them
    evaluates every annotation again (4% of a warm judge's CPU)."""
    return typing.get_type_hints(message)


def _has_type(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin is NotRequired:
        return _has_type(value, typing.get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return any(_has_type(value, option) for option in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if typing.is_typeddict(hint):
        return type(value) is dict
    if origin is not None:
        return type(value) is origin
    if hint is float:
        return type(value) in (int, float)
    return type(value) is hint


def _describe(hint: Any) -> str:
    if typing.is_typeddict(hint):
        return "dict"
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(option) for option in typing.get_args(hint))
    if origin is not None:
        return str(origin.__name__)
    return str(getattr(hint, "__name__", hint))
