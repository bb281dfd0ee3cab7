"""A commitment to an array computed where the array lives: on the accelerator, in the worker, and
in NumPy, in the judge, with one definition of the arithmetic for both.

Why it exists: a timed batch commits to every output in the reply that stops the judge's clock
(`graders.worker.timing`). Hashing the outputs with BLAKE2b on the host means copying each one
across the bus first. On the accelerator profile (50 outputs of 1024x256 float32, 50 MiB) that copy
and hash cost 167-219 ms a batch on an H200 against 10-30 ms of the work being timed, so the work
drowned in the commitment's noise and the reference failed the check (sessions 11 and 22). This
digest runs as a few kernels on the device, and only 16 bytes an output cross the bus.

The construction: an array's bytes as little-endian 32-bit words, padded with zeros to whole
leaves of four words (128 bits), and the leaves padded with zero leaves to a power of two; a binary
tree over them, each node `compress(left, right, level)`: ChaCha quarter rounds over the left
child XORed with a constant that names the level, the right child XORed in, more rounds, and both
children fed forward (so no node is a permutation of either child, and nothing can be solved
backwards from a chosen digest); the root, with the length in bytes XORed in, through a last
permutation and fed forward again. Every combination is non-linear, so no sum over independent
parts can be steered (Wagner's generalised birthday attack needs a linear combination). Finding
a second output within the exercise's tolerance that has a committed digest costs about 2^64
work by the generic meet-in-the-middle attack. This is not a standard hash and has not been
analysed as one; it guards a timing against a reply sent before its work was done, and the dtype
and shape are bound beside it as they are for BLAKE2b.

The worker halves the array for the wide levels and runs the narrow ones as one small loop body
over a fixed shape (`jax.lax.fori_loop`: at level k every node i absorbs node i + 2^k, and node 0
ends as the root), so XLA compiles a program of about a thousand operations for any array; an
unrolled sequential tree of the same rounds was some 10,000 lines of HLO, took 3.8 s to compile
for the CPU, and timed out (30 s) on a GPU worker pinned to one core. Every level is materialised
(`optimization_barrier`): each reads the level below at two places, and XLA's GPU compiler, left to
fuse levels together, took 34 s on an H200 for the accelerator profile's program, against 0.84 s.
The judge halves the array at every level in NumPy, which computes the same root.

Unsigned 32-bit arithmetic wraps alike in NumPy and XLA on every backend, so both sides agree to
the bit (tests hold them equal over every dtype the wire carries).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ROUNDS", "compress", "finalize", "host_tree_digest", "leaf_count", "render"]

ROUNDS = 4
# ChaCha's constant, "expand 32-byte k": four nothing-up-my-sleeve words.
_START = (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)


def leaf_count(byte_count: int) -> int:
    """Leaves of 16 bytes that hold `byte_count` bytes, padded to a power of two."""
    leaves = -(-max(byte_count, 1) // 16)
    return 1 << (leaves - 1).bit_length()


def _rotl(x: Any, bits: int, xp: Any) -> Any:
    return (x << xp.uint32(bits)) | (x >> xp.uint32(32 - bits))


def _permute(lanes: list[Any], xp: Any) -> list[Any]:
    a, b, c, d = lanes
    for _ in range(ROUNDS):
        a = a + b
        d = _rotl(d ^ a, 16, xp)
        c = c + d
        b = _rotl(b ^ c, 12, xp)
        a = a + b
        d = _rotl(d ^ a, 8, xp)
        c = c + d
        b = _rotl(b ^ c, 7, xp)
        a, b, c, d = b, c, d, a  # so each lane plays each part across the rounds
    return [a, b, c, d]


def compress(left: Any, right: Any, level: Any, xp: Any) -> Any:
    """Two nodes (..., 4) uint32 into one; `level` (a uint32, traced or not) names the tree level."""
    named = [left[..., lane] ^ (xp.uint32(start) ^ level) for lane, start in enumerate(_START)]
    mixed = _permute(named, xp)
    mixed = _permute([mixed[lane] ^ right[..., lane] for lane in range(4)], xp)
    # Both children fed forward: without the right one, a node was a permutation of it, so anyone
    # could solve for the last 16 bytes of an array that give a chosen digest (red team, session 22).
    return xp.stack([mixed[lane] ^ left[..., lane] ^ right[..., lane] for lane in range(4)], axis=-1)


def finalize(root: Any, byte_count: int, xp: Any) -> Any:
    """The root (..., 4) with the array's length in bytes bound in: the digest."""
    lanes = [root[..., lane] for lane in range(4)]
    lanes[0] = lanes[0] ^ xp.uint32(byte_count & 0xFFFFFFFF)
    lanes[1] = lanes[1] ^ xp.uint32(byte_count >> 32)
    mixed = _permute(lanes, xp)
    return xp.stack([mixed[lane] ^ root[..., lane] for lane in range(4)], axis=-1)


def render(words: Any, dtype_str: str, shape: tuple[int, ...]) -> str:
    """The committed text: the four digest words, then the dtype and shape they were taken at."""
    return "".join(f"{int(word):08x}" for word in words) + f"|{dtype_str}{tuple(int(n) for n in shape)}"


def host_tree_digest(array: Any) -> str:
    """The digest of a NumPy array, in NumPy: what the judge recomputes from an output it fetched."""
    import numpy as np

    array = np.asarray(array)
    if array.dtype.byteorder == ">":
        array = array.astype(array.dtype.newbyteorder("<"))
    raw = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    leaves = leaf_count(raw.size)
    padded = np.zeros(leaves * 16, dtype=np.uint8)
    padded[: raw.size] = raw
    nodes = padded.view("<u4").astype(np.uint32).reshape(leaves, 4)
    level = 0
    while nodes.shape[0] > 1:
        pairs = nodes.reshape(-1, 2, 4)
        nodes = compress(pairs[:, 0], pairs[:, 1], np.uint32(level), np)
        level += 1
    return render(finalize(nodes, raw.size, np)[0], array.dtype.str, array.shape)
