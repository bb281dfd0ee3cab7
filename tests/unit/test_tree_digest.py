"""The tree digest the judge recomputes in NumPy: it binds every bit, the dtype, the shape and the
length, and it does not change between versions (a regrade must check yesterday's commitments)."""

from __future__ import annotations

import numpy as np
import pytest

from graders.both_sides.tree_digest import compress, host_tree_digest, leaf_count


def test_a_known_array_has_the_digest_it_always_had() -> None:
    array = np.arange(64, dtype=np.float32).reshape(16, 4)
    assert host_tree_digest(array) == "883b02b952191b0e4e1a736de55a3d1f|<f4(16, 4)"


@pytest.mark.parametrize("shape", [(16, 4), (1024, 256), (7,), (3, 5, 2)])
def test_one_bit_anywhere_changes_the_digest(shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(0)
    array = rng.standard_normal(shape).astype(np.float32)
    original = host_tree_digest(array)
    flat = array.reshape(-1)
    for index in {0, flat.size // 2, flat.size - 1}:
        changed = flat.copy()
        changed[index] = np.nextafter(changed[index], np.float32(np.inf))  # one unit in the last place
        assert host_tree_digest(changed.reshape(shape)) != original


def test_the_dtype_shape_and_length_are_bound() -> None:
    zeros = np.zeros(12, dtype=np.float32)
    digests = {host_tree_digest(zeros), host_tree_digest(zeros.reshape(3, 4)), host_tree_digest(zeros.view(np.int32)),
               host_tree_digest(zeros[:11]), host_tree_digest(np.zeros(13, dtype=np.float32))}
    assert len(digests) == 5
    # The bytes alone, past the text: zero padding does not make a shorter array equal a longer one.
    assert len({host_tree_digest(np.zeros(n, dtype=np.float32)).split("|")[0] for n in (3, 4, 5)}) == 3


def test_swapping_two_halves_changes_the_digest() -> None:
    array = np.arange(1024, dtype=np.float32)
    swapped = np.concatenate([array[512:], array[:512]])
    assert host_tree_digest(array) != host_tree_digest(swapped)


def test_big_endian_input_is_digested_as_its_values() -> None:
    array = np.linspace(-1, 1, 40, dtype=np.float32)
    assert host_tree_digest(array.astype(">f4")) == host_tree_digest(array)


@pytest.mark.parametrize(("count", "leaves"), [(0, 1), (1, 1), (16, 1), (17, 2), (48, 4), (1 << 20, 1 << 16)])
def test_leaves_are_a_power_of_two(count: int, leaves: int) -> None:
    assert leaf_count(count) == leaves


def test_no_node_can_be_solved_backwards_for_a_chosen_digest() -> None:
    # Red team, session 22: when a node was a permutation of its right child, the last 16 bytes of
    # an array could be computed to give any digest. With both children fed forward, a right child
    # that differs always gives another node, and two rights that give one node are not in reach.
    rng = np.random.default_rng(3)
    left = rng.integers(0, 2**32, size=(256, 4), dtype=np.uint32)
    rights = rng.integers(0, 2**32, size=(256, 4), dtype=np.uint32)
    nodes = compress(left, rights, np.uint32(0), np)
    undone = compress(left, nodes, np.uint32(0), np)  # what inverting the old node would have given
    assert len({tuple(node) for node in nodes.tolist()}) == 256
    assert not (undone == rights).all(axis=-1).any()
