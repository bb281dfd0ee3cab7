"""The wire format carries plain data only, and rejects anything else."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from graders.both_sides.protocol import (
    ProtocolError,
    Unsupported,
    decode_value,
    encode_value,
    read_frame,
    write_frame,
)
from graders.common.spec import Tolerance
from graders.judge.compare import find_difference

_DTYPES = st.sampled_from(["bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64"])


@given(hnp.arrays(_DTYPES, hnp.array_shapes(min_dims=0, max_dims=3, max_side=4)))
def test_arrays_round_trip_bit_for_bit(array: np.ndarray) -> None:
    decoded = decode_value(encode_value(array))
    assert decoded.dtype == array.dtype and decoded.shape == array.shape
    assert decoded.tobytes() == array.tobytes()


def test_containers_round_trip_with_their_kinds() -> None:
    value = {"a": (1, 2.5, True, None), "b": [np.float32(1.5), "text"], "c": {"d": np.zeros((2, 2), np.int32)}}
    decoded = decode_value(encode_value(value))
    assert isinstance(decoded["a"], tuple) and isinstance(decoded["b"], list)
    assert decoded["a"] == (1, 2.5, True, None)
    assert isinstance(decoded["b"][0], np.float32)
    assert decoded["c"]["d"].shape == (2, 2)


class _ClaimsEqualityWithEverything:
    def __eq__(self, other: object) -> bool:
        return True


@pytest.mark.parametrize(
    "value",
    [_ClaimsEqualityWithEverything(), np.array([object()], dtype=object), {1: "int key"}, {1, 2}, b"bytes", len],
    ids=["eq-always-true", "object-array", "int-keys", "set", "bytes", "builtin"],
)
def test_non_data_becomes_an_inert_placeholder(value: object) -> None:
    decoded = decode_value(encode_value(value))
    assert isinstance(decoded, Unsupported)
    # Inert: it equals nothing but another placeholder of the same type, so it can never
    # pass for an expected value, whatever the original object claimed about equality.
    assert not (decoded == value) and decoded != value
    assert find_difference(1.0, decoded, Tolerance()) is not None
    assert find_difference({"a": 1.0}, {"a": decoded}, Tolerance()) is not None


@pytest.mark.parametrize(
    "wire",
    [
        {"__array__": {"dtype": "object", "shape": [1], "data": ""}},
        {"__array__": {"dtype": "float32", "shape": [2], "data": "AAAA"}},
        {"__array__": {"dtype": "float32", "shape": [-1], "data": ""}},
        {"__pickle__": "gASVAAAAAAAAAAA="},
        {"__tuple__": "not a list"},
        {"__dict__": [[1, 2]]},
        [1, 2, 3],
        {"a": 1, "b": 2},
    ],
)
def test_malformed_wire_values_are_rejected(wire: object) -> None:
    with pytest.raises(ProtocolError):
        decode_value(wire)


def test_frames_round_trip_and_end_cleanly() -> None:
    read_fd, write_fd = os.pipe()
    write_frame(write_fd, {"op": "call", "value": encode_value(np.arange(3))})
    os.close(write_fd)
    frame = read_frame(read_fd)
    assert frame is not None and frame["op"] == "call"
    assert read_frame(read_fd) is None
    os.close(read_fd)


def test_a_stalled_peer_raises_timeout_instead_of_blocking() -> None:
    import time

    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"\x00\x00\x00\x10{")  # a header promising 16 bytes, then silence
    with pytest.raises(TimeoutError):
        read_frame(read_fd, deadline=time.monotonic() + 0.3)
    os.close(read_fd)
    os.close(write_fd)


def test_oversized_frames_are_refused() -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"\xff\xff\xff\xff")
    with pytest.raises(ProtocolError):
        read_frame(read_fd)
    os.close(read_fd)
    os.close(write_fd)


def test_a_value_of_too_many_parts_is_a_placeholder_found_without_rebuilding_it() -> None:
    from graders.both_sides.protocol import MAX_VALUE_NODES

    wide = encode_value(tuple(np.zeros(1, np.float32) for _ in range(MAX_VALUE_NODES + 1)))
    decoded = decode_value(wide)
    assert isinstance(decoded, Unsupported) and "more than" in decoded.type_name
    # Still a wrong answer, with a short message, when compared with the reference.
    difference = find_difference((np.zeros(1, np.float32),), decoded, Tolerance())
    assert difference is not None and difference.kind == "type"
    fits = encode_value(tuple(np.zeros(1, np.float32) for _ in range(MAX_VALUE_NODES - 1)))
    assert len(decode_value(fits)) == MAX_VALUE_NODES - 1


def test_a_frame_of_too_many_objects_is_refused_before_it_is_parsed() -> None:
    import json
    import struct

    payload = json.dumps({"output": [{} for _ in range(300_000)]}).encode()
    read, write = os.pipe()
    try:
        writer = __import__("threading").Thread(
            target=lambda: (os.write(write, struct.pack(">I", len(payload)) + payload), os.close(write)))
        writer.start()
        with pytest.raises(ProtocolError, match="objects"):
            read_frame(read)
        writer.join()
    finally:
        os.close(read)


def test_a_named_tuple_is_sent_as_the_tuple_it_is() -> None:
    from typing import NamedTuple

    class LossGrad(NamedTuple):
        loss: float
        grad: int

    class Lying(tuple):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            return iter([1, 2, 3])

    assert encode_value(LossGrad(1.5, 2)) == {"__tuple__": [1.5, 2]}
    assert encode_value(Lying((7,))) == {"__tuple__": [7]}  # what the tuple holds, not what it says


def test_a_typed_key_crosses_as_its_implementation_and_words_and_nothing_else() -> None:
    from graders.both_sides.protocol import KeyData

    key = KeyData("threefry2x32", np.array([[0, 7], [1, 2]], np.uint32))
    assert decode_value(encode_value((key, 1.0))) == (key, 1.0)
    assert key != KeyData("rbg", key.data) and key != KeyData("threefry2x32", key.data[:1])
    wire = encode_value(key)
    wire["__key__"]["data"] = encode_value(np.array([0.0, 7.0], np.float32))
    with pytest.raises(ProtocolError, match="uint32"):
        decode_value(wire)
    with pytest.raises(ProtocolError):
        decode_value({"__key__": {"impl": "threefry2x32"}})
