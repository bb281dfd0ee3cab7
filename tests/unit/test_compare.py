"""Output comparison: float32-aware values, shapes, dtype kinds and pytree structure."""

from __future__ import annotations

import numpy as np
import pytest

from graders.both_sides.protocol import Unsupported
from graders.common.spec import Tolerance
from graders.judge.compare import find_difference, same_data

TOL = Tolerance()


def test_float32_rounding_is_tolerated_but_real_errors_are_not() -> None:
    expected = np.array([1.0, 100.0, -3.0], np.float32)
    assert find_difference(expected, expected + np.float32(1e-6), TOL) is None
    difference = find_difference(expected, np.array([1.0, 100.1, -3.0], np.float32), TOL)
    assert difference is not None and difference.kind == "value" and difference.index == "[1]"
    assert difference.count == 1 and difference.total == 3


@pytest.mark.parametrize(
    ("expected", "actual", "kind"),
    [
        (np.zeros(3, np.float32), np.zeros(4, np.float32), "shape"),
        (np.zeros(3, np.float32), np.zeros(3, np.int32), "dtype"),
        ((np.zeros(2), np.zeros(2)), [np.zeros(2)], "length"),
        ({"w": np.zeros(2)}, {"v": np.zeros(2)}, "keys"),
        ((np.zeros(2), np.zeros(2)), np.zeros(2), "type"),
        (np.zeros(2), Unsupported("MyObject"), "type"),
        (np.zeros(2), None, "type"),
    ],
)
def test_structural_differences_are_named(expected, actual, kind) -> None:
    difference = find_difference(expected, actual, TOL)
    assert difference is not None and difference.kind == kind


def test_a_list_is_accepted_where_a_tuple_is_expected() -> None:
    assert find_difference((np.float32(1.0), np.zeros(2)), [1.0, np.zeros(2, np.float32)], TOL) is None


def test_nan_matches_only_nan() -> None:
    assert find_difference(np.array([np.nan]), np.array([np.nan]), TOL) is None
    assert find_difference(np.array([np.nan]), np.array([0.0]), TOL) is not None


def test_nested_paths_point_at_the_leaf() -> None:
    difference = find_difference({"a": {"b": np.ones(2)}}, {"a": {"b": np.array([1.0, 5.0])}}, TOL)
    assert difference is not None and difference.path == "['a']['b']" and difference.index == "[1]"


def test_same_data_sees_single_bit_changes_in_inputs() -> None:
    before = {"w": np.array([1.0, 2.0], np.float32)}
    after = {"w": np.array([1.0, np.nextafter(np.float32(2.0), np.float32(3.0))], np.float32)}
    difference = same_data(before, after)
    assert difference is not None and difference.path == "['w']" and difference.index == "[1]"
    assert same_data(before, {"w": before["w"].copy()}) is None


def test_same_data_compares_bits_not_values() -> None:
    """-0.0 written over 0.0 is a write into the caller's memory, though `==` calls them equal."""
    before = {"w": np.array([0.0, 1.0], np.float32)}
    difference = same_data(before, {"w": np.array([-0.0, 1.0], np.float32)})
    assert difference is not None and difference.index == "[0]"
    assert same_data(np.float64(np.nan), np.float64(np.nan)) is None
    assert same_data(None, None) is None


def test_keys_are_equal_word_for_word_and_never_close_to_an_array() -> None:
    from graders.both_sides.protocol import KeyData

    key = KeyData("threefry2x32", np.array([[0, 7], [0, 8]], np.uint32))
    other = KeyData("threefry2x32", np.array([[0, 8], [0, 7]], np.uint32))
    assert find_difference(key, key, Tolerance()) is None and same_data(key, key) is None
    found = find_difference(key, other, Tolerance(), "output")
    assert found is not None and found.kind == "value" and found.index == "[0, 1]"
    assert find_difference(key, key.data, Tolerance()).kind == "type"
    assert same_data(key, KeyData("rbg", key.data)).kind == "type"
