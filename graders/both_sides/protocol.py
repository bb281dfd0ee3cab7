"""Wire format between the trusted judge and the untrusted worker.

Frames are a 4-byte big-endian length followed by UTF-8 JSON. Values inside a
frame are plain data: JSON scalars, and tagged objects for arrays, tuples,
lists and string-keyed dicts. Arrays travel as raw little-endian bytes of a
whitelisted numeric dtype, so decoding never runs code and never unpickles.

This module is imported by both sides, so it depends on the standard library
and NumPy only.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import select
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "EARLIER_CALLS",
    "holds_key",
    "ALLOWED_DTYPES",
    "KeyData",
    "MAX_FRAME_BYTES",
    "MAX_VALUE_NODES",
    "ProtocolError",
    "Unsupported",
    "array_digest",
    "decode_value",
    "encode_arguments",
    "encode_value",
    "is_jax_array",
    "read_frame",
    "trust_jax_array_type",
    "trust_jax_key_type",
    "write_frame",
]

# How many earlier calls' arguments a worker keeps, to echo them after later calls (`echo_earlier`):
# `no_mutation`'s examples.
EARLIER_CALLS = 10

MAX_FRAME_BYTES = 64 * 1024 * 1024
# JSON objects one frame may hold, counted as '{' bytes before parsing (which costs the judge
# about 4 s of CPU per million): an array is two, so honest frames hold a few hundred.
_MAX_FRAME_OBJECTS = 200_000
_MAX_DEPTH = 32
# Values (arrays, numbers, containers) one decoded value may hold. Far more than any answer
# needs; a reply of a million tiny arrays would cost the judge seconds to rebuild.
MAX_VALUE_NODES = 10_000
# The largest array a reply carries: base64 makes it a third larger, and a frame holds 64 MiB. A larger
# one (a zero-stride `np.broadcast_to` view is one of any size) is sent as what it is, not as its bytes:
# copying it out could exhaust the worker's memory, which would read as the grader failing.
MAX_ARRAY_BYTES = MAX_FRAME_BYTES // 2
# The longest string a reply carries as itself: a message or a name is far shorter.
MAX_STRING_CHARACTERS = 1 << 20
_HEADER = struct.Struct(">I")

ALLOWED_DTYPES = frozenset(
    {
        "bool",
        "int8", "int16", "int32", "int64",
        "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64",
    }
)


# Exact types only: a student's class can claim any `__module__`, `dtype` or `__array__`, but not
# be one of these. NumPy's scalar types are fixed here; JAX's array type is handed over by the
# worker before any student code exists (`trust_jax_array_type`), since this module imports no JAX.
_NUMPY_SCALAR_TYPES = frozenset(np.dtype(name).type for name in ALLOWED_DTYPES)
_JAX_ARRAY_TYPES: tuple[type, ...] = ()


@dataclass(frozen=True, eq=False)
class KeyData:
    """A typed JAX random key (`jax.random.key`) as plain data: its implementation's name and its raw `uint32`
    words (`jax.random.key_data`). The judge never holds a JAX key on the wire: each side wraps it again
    (`jax.random.wrap_key_data`) where it runs JAX. Equal when both the implementation and the words are."""

    impl: str
    data: np.ndarray

    def __eq__(self, other: object) -> bool:
        return (type(other) is KeyData and other.impl == self.impl and other.data.shape == self.data.shape
                and bool(np.array_equal(other.data, self.data)))

    def __hash__(self) -> int:
        return hash((self.impl, self.data.shape, self.data.tobytes()))


# JAX's typed key array type and how to read one's (implementation name, raw words), handed over by the
# worker before any student code exists (`trust_jax_key_type`), as `trust_jax_array_type` does.
_JAX_KEY_TYPES: tuple[type, ...] = ()
_key_parts: Callable[[Any], tuple[str, np.ndarray]] | None = None


def holds_key(value: Any) -> bool:
    """Whether a decoded value holds a typed random key (`KeyData`) anywhere in its tuples, lists and dicts."""
    if type(value) is KeyData:
        return True
    if type(value) in (tuple, list):
        return any(holds_key(item) for item in value)
    if type(value) is dict:
        return any(holds_key(item) for item in value.values())
    return False


def trust_jax_key_type(key_type: type, parts: Callable[[Any], tuple[str, np.ndarray]]) -> None:
    """Accept `key_type` (JAX's typed key array, read from a fresh key) as data, read through `parts`."""
    global _JAX_KEY_TYPES, _key_parts
    _JAX_KEY_TYPES = (key_type,)
    _key_parts = parts


def trust_jax_array_type(array_type: type) -> None:
    """Accept `array_type` (JAX's own, read from a fresh array before student code loads) as data.

    Rebinding the tuple later is visible to the worker's integrity snapshot, which covers this module.
    """
    global _JAX_ARRAY_TYPES
    _JAX_ARRAY_TYPES = (array_type,)


def is_jax_array(value: Any) -> bool:
    return type(value) in _JAX_ARRAY_TYPES


class ProtocolError(Exception):
    """A frame or value that does not follow the wire format."""


class Unsupported:
    """Decoded placeholder for an object the worker could not express as data.

    The judge treats it as a wrong answer: it carries only the type's name.
    """

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name} object>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unsupported) and other.type_name == self.type_name

    def __hash__(self) -> int:
        return hash(self.type_name)


def write_frame(fd: int, message: dict[str, Any]) -> None:
    payload = json.dumps(message, separators=(",", ":"), allow_nan=True).encode()
    if len(payload) > MAX_FRAME_BYTES:
        raise ProtocolError(f"frame of {len(payload)} bytes exceeds {MAX_FRAME_BYTES}")
    data = _HEADER.pack(len(payload)) + payload
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_frame(fd: int, deadline: float | None = None) -> dict[str, Any] | None:
    """Read one frame; None at a clean end of stream.

    With a `deadline` (a `time.monotonic()` value) a peer that stalls, even
    halfway through a frame, raises TimeoutError instead of blocking forever.
    """
    header = _read_exactly(fd, _HEADER.size, deadline)
    if header is None:
        return None
    (length,) = _HEADER.unpack(header)
    if length > MAX_FRAME_BYTES:
        raise ProtocolError(f"frame of {length} bytes exceeds {MAX_FRAME_BYTES}")
    payload = _read_exactly(fd, length, deadline)
    if payload is None:
        raise ProtocolError("stream ended inside a frame")
    if payload.count(b"{") > _MAX_FRAME_OBJECTS:
        raise ProtocolError(f"frame of more than {_MAX_FRAME_OBJECTS} objects")
    try:
        message = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        # RecursionError: arrays nested past the parser's depth (the `{` count does not see `[`).
        raise ProtocolError(f"frame is not JSON: {type(error).__name__}") from None
    if not isinstance(message, dict):
        raise ProtocolError("frame is not a JSON object")
    return message


def _read_exactly(fd: int, count: int, deadline: float | None) -> bytes | None:
    chunks: list[bytes] = []
    remaining = count
    while remaining:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError("no reply before the deadline")
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            if remaining == count:
                return None
            raise ProtocolError("stream ended inside a frame")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def encode_value(value: Any, _depth: int = 0, shared: dict[int, tuple[int, Any]] | None = None) -> Any:
    """Express a Python value as wire data; unknown objects become `__unsupported__`.

    `shared` (id -> (index, array)): arrays that live in the memory the judge shares with the
    worker; one of those very objects is sent as `{"__shared__": index}`, which the judge reads
    from its own mapping rather than from anything this process says about it.
    """
    if _depth > _MAX_DEPTH:
        return {"__unsupported__": "deeply nested structure"}
    # bool before int: bool is an int subclass.
    if type(value) is str and len(value) > MAX_STRING_CHARACTERS:
        return {"__unsupported__": f"str of {len(value)} characters (more than the {MAX_STRING_CHARACTERS} a result "
                                   f"may hold)"}
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        return value
    if shared is not None:
        found = shared.get(id(value))
        if found is not None and found[1] is value:
            return {"__shared__": found[0]}
    if type(value) is np.ndarray or type(value) in _NUMPY_SCALAR_TYPES or is_jax_array(value):
        return _encode_array(value)
    if type(value) is KeyData or (type(value) in _JAX_KEY_TYPES and _key_parts is not None):
        return _encode_key(value)
    if issubclass(type(value), tuple):
        # A named tuple is a tuple to whoever unpacks it (honest class, session 26: `LossGrad(loss, grad)`
        # for `(loss, grad)`); its items are read as the tuple holds them, by no `__iter__` of its class.
        return {"__tuple__": [encode_value(item, _depth + 1, shared) for item in _tuple_items(value)]}
    if type(value) is list:
        return {"__list__": [encode_value(item, _depth + 1, shared) for item in value]}
    if type(value) is dict and all(type(key) is str for key in value):
        return {"__dict__": [[key, encode_value(item, _depth + 1, shared)] for key, item in value.items()]}
    return {"__unsupported__": _type_name(value)}


_tuple_items: Callable[[tuple[Any, ...]], Any] = tuple.__iter__


def encode_arguments(value: Any, place: Callable[[np.ndarray], int | None], _depth: int = 0) -> Any:
    """Arguments as wire data, each NumPy array put by `place` into shared memory and sent as
    `{"__shared__": index}` (an array `place` declines, or any other value, as `encode_value` does)."""
    if type(value) is np.ndarray:
        index = place(value)
        if index is not None:
            return {"__shared__": index}
    if _depth <= _MAX_DEPTH and type(value) in (tuple, list):
        tag = "__tuple__" if type(value) is tuple else "__list__"
        return {tag: [encode_arguments(item, place, _depth + 1) for item in value]}
    if _depth <= _MAX_DEPTH and type(value) is dict and all(type(key) is str for key in value):
        return {"__dict__": [[key, encode_arguments(item, place, _depth + 1)] for key, item in value.items()]}
    return encode_value(value, _depth)


def _encode_key(value: Any) -> Any:
    try:
        impl, data = (value.impl, value.data) if type(value) is KeyData else _key_parts(value)  # type: ignore[misc]
    except Exception:  # noqa: BLE001 - any failure means "not data"
        return {"__unsupported__": _type_name(value)}
    if type(impl) is not str or np.asarray(data).dtype != np.uint32:
        return {"__unsupported__": "key of an unknown kind"}
    return {"__key__": {"impl": impl[:40], "data": _encode_array(np.asarray(data))}}


def _encode_array(value: Any) -> Any:
    try:
        array = np.asarray(value)
    except Exception:  # noqa: BLE001 - any failure means "not data"
        return {"__unsupported__": _type_name(value)}
    if array.dtype.name not in ALLOWED_DTYPES:
        return {"__unsupported__": f"array of dtype {array.dtype.name}"}
    if array.nbytes > MAX_ARRAY_BYTES:
        return {"__unsupported__": f"array of shape {tuple(array.shape)} ({array.nbytes // 2**20} MiB, more than the "
                                   f"{MAX_ARRAY_BYTES // 2**20} MiB a result may take)"}
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return {
        "__array__": {
            "dtype": array.dtype.name,
            "shape": list(array.shape),
            "data": base64.b64encode(np.ascontiguousarray(little).tobytes()).decode("ascii"),
            "scalar": isinstance(value, np.generic),
        }
    }


def array_digest(array: Any) -> str:
    """A commitment to an array's dtype, shape and values, computed alike on both sides.

    The worker sends one per output of a timed batch in the reply that stops the judge's clock;
    the judge later asks for outputs of its choosing and recomputes this from what arrives.
    """
    array = np.asarray(array)
    if array.dtype.byteorder == ">":
        array = array.astype(array.dtype.newbyteorder("<"))
    # tobytes() is C order whatever the layout. dtype.str ('<f4'), not dtype.name: the name costs
    # 2.6 us an array, and a timed batch digests every output (so every side's time carried it).
    digest = hashlib.blake2b(array.tobytes(), digest_size=16)
    digest.update(f"{array.dtype.str}{array.shape}".encode())
    return digest.hexdigest()


def _type_name(value: Any) -> str:
    kind = type(value)
    return f"{kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" else kind.__qualname__


def decode_value(data: Any, _depth: int = 0, shared: Callable[[Any], Any] | None = None) -> Any:
    """Strictly rebuild a wire value; anything off-format raises ProtocolError.

    A value of more than MAX_VALUE_NODES parts is not rebuilt: it becomes an `Unsupported`
    placeholder (a wrong answer), found by a count that stops at the cap. `shared` resolves
    `{"__shared__": index}` to the array in shared memory; without it that tag is off-format.
    """
    if _depth == 0 and _more_nodes_than(data, MAX_VALUE_NODES):
        return Unsupported(f"value of more than {MAX_VALUE_NODES} parts")
    if _depth > _MAX_DEPTH + 1:
        raise ProtocolError("value nested too deeply")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is not dict or len(data) != 1:
        raise ProtocolError(f"unexpected wire value of type {type(data).__name__}")
    (tag, body), = data.items()
    if tag == "__array__":
        return _decode_array(body)
    if tag == "__tuple__" and type(body) is list:
        return tuple(decode_value(item, _depth + 1, shared) for item in body)
    if tag == "__list__" and type(body) is list:
        return [decode_value(item, _depth + 1, shared) for item in body]
    if tag == "__dict__" and type(body) is list:
        result: dict[str, Any] = {}
        for pair in body:
            if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str:
                raise ProtocolError("malformed dict entry")
            result[pair[0]] = decode_value(pair[1], _depth + 1, shared)
        return result
    if tag == "__shared__" and shared is not None and type(body) is int:
        return shared(body)
    if tag == "__key__" and type(body) is dict and set(body) == {"impl", "data"} and type(body["impl"]) is str:
        words = decode_value(body["data"], _depth + 1)
        if type(words) is not np.ndarray or words.dtype != np.uint32 or words.ndim < 1:
            raise ProtocolError("a key's words must be a uint32 array")
        return KeyData(body["impl"][:40], words)
    if tag == "__unsupported__" and type(body) is str:
        return Unsupported(body[:200])
    raise ProtocolError(f"unknown wire tag {tag!r}")


def _more_nodes_than(data: Any, cap: int) -> bool:
    """Whether the wire value has more than `cap` nodes; visits at most `cap + 1` of them."""
    pending = [data]
    count = 0
    while pending:
        item = pending.pop()
        count += 1
        if count > cap:
            return True
        if type(item) is dict and len(item) == 1:
            (tag, body), = item.items()
            if tag in ("__tuple__", "__list__") and type(body) is list:
                pending.extend(body)
            elif tag == "__dict__" and type(body) is list:
                pending.extend(pair[1] for pair in body if type(pair) is list and len(pair) == 2)
    return False


def _decode_array(body: Any) -> np.ndarray | np.generic:
    if type(body) is not dict:
        raise ProtocolError("malformed array")
    dtype_name, shape, encoded = body.get("dtype"), body.get("shape"), body.get("data")
    if dtype_name not in ALLOWED_DTYPES:
        raise ProtocolError(f"array dtype {dtype_name!r} is not allowed")
    if type(shape) is not list or not all(type(n) is int and n >= 0 for n in shape) or len(shape) > 32:
        raise ProtocolError("malformed array shape")
    if type(encoded) is not str:
        raise ProtocolError("malformed array data")
    raw = base64.b64decode(encoded, validate=True)
    dtype = np.dtype(dtype_name).newbyteorder("<")
    count = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if count * dtype.itemsize != len(raw):
        raise ProtocolError("array data does not match its shape and dtype")
    array = np.frombuffer(raw, dtype=dtype).astype(np.dtype(dtype_name), copy=True).reshape(shape)
    if body.get("scalar") is True and array.shape == ():
        return array[()]
    return array
