"""Hypothesis building blocks for exercise inputs: float32, bounded, well-conditioned, and across the contract.

A statement promises a contract (`x`: any shape of float32): the draws span it, not only the small,
centred values a demonstration uses. `contract_float32s` mixes the everyday range with magnitudes over
many orders, both zeros and the contract's bounds, and `ANY_SHAPE_EXTRAS` adds the shapes an "any shape"
contract allows that a demonstration never shows (a 0-d array, one element). A function wrong only out
there (a sign test that misses -0.0, `np.prod(())` as a float) fails as it should (issue #49).
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from graders.both_sides.protocol import KeyData, holds_key
from graders.common.spec import Call

__all__ = ["ANY_SHAPE_EXTRAS", "contract_float32_arrays", "contract_float32s", "float32_arrays", "float32s",
           "holds_a_key", "int32_arrays", "prng_keys", "raw_prng_keys", "shapes"]

# The shapes an "any shape" contract allows beyond a demonstration's: a 0-d array and a single element.
ANY_SHAPE_EXTRAS: tuple[tuple[int, ...], ...] = ((), (1,))


def float32s(low: float = -10.0, high: float = 10.0) -> st.SearchStrategy[float]:
    """Python floats exactly representable in float32 (no NaN, infinity or subnormals)."""
    low, high = float(np.float32(low)), float(np.float32(high))
    return st.floats(low, high, width=32, allow_nan=False, allow_infinity=False, allow_subnormal=False)


def float32_arrays(shape: tuple[int, ...], low: float = -10.0, high: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(np.float32, shape, elements=float32s(low, high))


def int32_arrays(shape: tuple[int, ...], low: int, high: int) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(np.int32, shape, elements=st.integers(low, high))


def shapes(*options: tuple[int, ...]) -> st.SearchStrategy[tuple[int, ...]]:
    """A small fixed set of shapes, so each exercise compiles a bounded number of times."""
    return st.sampled_from(list(options))




def contract_float32s(bound: float, everyday: float = 10.0) -> st.SearchStrategy[float]:
    """Finite float32 values within ±`bound`: the everyday range ±`everyday` first (what shrinking goes
    to), then magnitudes from 1e-30 to `bound` over every order, both zeros, and ±`bound` itself."""
    bound = float(np.float32(bound))
    magnitudes = st.integers(-30, int(np.floor(np.log10(bound)))).flatmap(
        lambda exponent: st.floats(1.0, 9.5, width=32).map(lambda mantissa: mantissa * 10.0 ** exponent))
    wide = st.tuples(st.booleans(), magnitudes).map(lambda pair: float(np.float32(-pair[1] if pair[0] else pair[1])))
    edges = st.sampled_from([0.0, -0.0, bound, -bound])
    return st.one_of(float32s(-everyday, everyday), wide.filter(lambda value: abs(value) <= bound), edges)


def contract_float32_arrays(shape: tuple[int, ...], bound: float,
                            everyday: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(np.float32, shape, elements=contract_float32s(bound, everyday))


# The default implementation of `jax.random.key`; its key for a seed below 2**32 holds the words [0, seed].
_DEFAULT_KEY_IMPL = "threefry2x32"


def prng_keys() -> st.SearchStrategy[KeyData]:
    """Typed random keys, `jax.random.key(seed)`, as the judge holds them (their words; each side wraps them
    again). Shrinks to `key(0)`."""
    return st.integers(0, 2**32 - 1).map(lambda seed: KeyData(_DEFAULT_KEY_IMPL, np.array([0, seed], np.uint32)))


def raw_prng_keys() -> st.SearchStrategy[np.ndarray]:
    """Raw random keys, `jax.random.PRNGKey(seed)`: `uint32` arrays of shape (2,). JAX's key-reuse checker
    reads only typed keys, so an exercise that grades key discipline takes `prng_keys`."""
    return st.integers(0, 2**32 - 1).map(lambda seed: np.array([0, seed], np.uint32))


def holds_a_key(call: Call) -> bool:
    """Whether a drawn call holds a typed random key (`prng_keys()`) anywhere in its arguments."""
    return holds_key((call.args, dict(call.kwargs)))
