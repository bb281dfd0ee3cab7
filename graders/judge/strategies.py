"""Hypothesis building blocks for exercise inputs: float32, bounded, well-conditioned."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

__all__ = ["float32_arrays", "float32s", "int32_arrays", "shapes"]


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


