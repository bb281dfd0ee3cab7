"""Compare a worker's output with the reference, leaf by leaf, in the judge.

The actual value is plain decoded data (arrays, numbers, containers), never a
student object, so no student-defined `__eq__` can take part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.both_sides.protocol import KeyData, Unsupported
from graders.common.format import format_value
from graders.common.spec import Tolerance

__all__ = ["Difference", "as_plain", "find_difference", "key_as_data", "keys_as_jax", "same_data"]


@dataclass(frozen=True)
class Difference:
    """The first place where actual and expected disagree.

    kind is one of: type, length, keys, shape, dtype, value.
    """

    path: str
    kind: str
    expected: str
    actual: str
    index: str = ""
    count: int = 0
    total: int = 0


def as_plain(value: Any) -> Any:
    """Reference outputs (JAX arrays, tuples, dicts) as NumPy data."""
    if isinstance(value, (tuple, list)):
        return type(value)(as_plain(item) for item in value)
    if isinstance(value, dict):
        return {key: as_plain(item) for key, item in value.items()}
    if isinstance(value, (bool, int, float, KeyData)):
        return value
    if str(getattr(value, "dtype", "")).startswith("key<"):
        return key_as_data(value)
    return np.asarray(value)


def key_as_data(key: Any) -> KeyData:
    """A typed JAX random key (or array of keys) as its implementation's name and raw words."""
    import jax

    return KeyData(str(jax.random.key_impl(key)), np.asarray(jax.random.key_data(key)))


def keys_as_jax(value: Any) -> Any:
    """`value` with every `KeyData` in its tuples, lists and dicts wrapped again as a typed JAX key: what a
    reference or a formula run in the judge takes."""
    if type(value) is KeyData:
        import jax
        import jax.numpy as jnp

        return jax.random.wrap_key_data(jnp.asarray(value.data), impl=value.impl)
    if type(value) in (tuple, list):
        return type(value)(keys_as_jax(item) for item in value)
    if type(value) is dict:
        return {key: keys_as_jax(item) for key, item in value.items()}
    return value


def _key_difference(expected: Any, actual: Any, path: str) -> Difference | None:
    """Keys are equal when their implementation and every raw word are: a key is no number to be close to."""
    if type(expected) is not KeyData or type(actual) is not KeyData:
        return Difference(path, "type", _kind_of(expected), _kind_of(actual))
    if expected.impl != actual.impl:
        return Difference(path, "type", _kind_of(expected), _kind_of(actual))
    found = same_data(expected.data, actual.data)
    return None if found is None else Difference(path + found.path, found.kind, found.expected, found.actual,
                                                 found.index, found.count, found.total)


def _is_leaf(value: Any) -> bool:
    return isinstance(value, (np.ndarray, np.generic, bool, int, float))


def _kind_of(value: Any) -> str:
    """What a value is, as a code the message words in the reader's language (`explain.kind_words`):
    `tuple:2`, `list:3`, `array:float32:(3,)`, `array`, `dict`, `None`, `str`, or an unsupported type's name."""
    if isinstance(value, Unsupported):
        return value.type_name
    if isinstance(value, KeyData):
        return f"key<{value.impl}>{tuple(value.data.shape[:-1])}"
    if isinstance(value, tuple):
        return f"tuple:{len(value)}"
    if isinstance(value, list):
        return f"list:{len(value)}"
    if isinstance(value, dict):
        return "dict"
    if value is None:
        return "None"
    if isinstance(value, str):
        return "str"
    array = np.asarray(value)
    return f"array:{array.dtype.name}:{array.shape}"


def find_difference(expected: Any, actual: Any, tolerance: Tolerance, path: str = "") -> Difference | None:
    if isinstance(expected, KeyData) or isinstance(actual, KeyData):
        return _key_difference(expected, actual, path)
    if isinstance(expected, (tuple, list)):
        # A list where a tuple is expected is the same pytree to a reader; lengths must agree.
        if not isinstance(actual, (tuple, list)):
            return Difference(path, "type", _kind_of(expected), _kind_of(actual))
        if len(actual) != len(expected):
            return Difference(path, "length", str(len(expected)), str(len(actual)))
        for position, (want, got) in enumerate(zip(expected, actual)):
            found = find_difference(want, got, tolerance, f"{path}[{position}]")
            if found:
                return found
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return Difference(path, "type", "dict", _kind_of(actual))
        if sorted(actual) != sorted(expected):
            return Difference(path, "keys", format_value(sorted(expected)), format_value(sorted(actual)))
        for key in sorted(expected):
            found = find_difference(expected[key], actual[key], tolerance, f"{path}[{key!r}]")
            if found:
                return found
        return None
    if not _is_leaf(actual):
        return Difference(path, "type", "array", _kind_of(actual))
    return _leaf_difference(np.asarray(expected), np.asarray(actual), tolerance, path)


def _dtype_family(dtype: np.dtype) -> str:
    return {"f": "float", "i": "int", "u": "int", "b": "bool", "c": "complex"}.get(dtype.kind, dtype.kind)


def _leaf_difference(expected: np.ndarray, actual: np.ndarray, tolerance: Tolerance, path: str) -> Difference | None:
    if expected.shape != actual.shape:
        return Difference(path, "shape", str(expected.shape), str(actual.shape))
    if _dtype_family(expected.dtype) != _dtype_family(actual.dtype):
        return Difference(path, "dtype", expected.dtype.name, actual.dtype.name)
    if expected.dtype.kind == "b" or expected.dtype.kind in "iu":
        wrong = expected != actual
    else:
        want = expected.astype(np.float64)
        got = actual.astype(np.float64)
        finite = np.abs(want[np.isfinite(want)])
        scale = max(1.0, float(finite.max())) if finite.size else 1.0
        with np.errstate(invalid="ignore"):
            close = np.abs(got - want) <= tolerance.atol * scale + tolerance.rtol * np.abs(want)
        same_special = (np.isnan(want) & np.isnan(got)) | (np.isinf(want) & (want == got))
        wrong = ~(close | same_special)
    if not np.any(wrong):
        return None
    if expected.ndim == 0:
        return Difference(path, "value", format_value(expected[()]), format_value(actual[()]), count=1, total=1)
    if expected.dtype.kind == "f":
        gap = np.where(wrong, np.nan_to_num(np.abs(actual.astype(np.float64) - expected), nan=np.inf), -1.0)
        position = np.unravel_index(int(np.argmax(gap)), expected.shape)
    else:
        position = np.unravel_index(int(np.argmax(wrong)), expected.shape)
    index = "[" + ", ".join(str(int(p)) for p in position) + "]"
    return Difference(
        path,
        "value",
        format_value(expected[position]),
        format_value(actual[position]),
        index=index,
        count=int(np.count_nonzero(wrong)),
        total=int(wrong.size),
    )


def same_data(before: Any, after: Any) -> Difference | None:
    """Exact comparison for mutation checks: structure, dtype and every bit."""
    if isinstance(before, KeyData) or isinstance(after, KeyData):
        return _key_difference(before, after, "")
    if isinstance(before, (tuple, list, dict)) or isinstance(after, (tuple, list, dict)):
        if type(before) is not type(after):
            return Difference("", "type", _kind_of(before), _kind_of(after))
        if isinstance(before, dict):
            if list(before) != list(after):
                return Difference("", "keys", format_value(list(before)), format_value(list(after)))
            pairs = [(f"[{key!r}]", before[key], after[key]) for key in before]
        else:
            if len(before) != len(after):
                return Difference("", "length", str(len(before)), str(len(after)))
            pairs = [(f"[{index}]", a, b) for index, (a, b) in enumerate(zip(before, after))]
        for suffix, a, b in pairs:
            found = same_data(a, b)
            if found:
                return Difference(suffix + found.path, found.kind, found.expected, found.actual, found.index,
                                  found.count, found.total)
        return None
    a, b = np.asarray(before), np.asarray(after)
    if a.shape != b.shape:
        return Difference("", "shape", str(a.shape), str(b.shape))
    if a.dtype != b.dtype:
        return Difference("", "dtype", a.dtype.name, b.dtype.name)
    # Bit for bit, whatever the dtype: -0.0 written over 0.0, or one NaN over another, is a write into
    # the caller's memory although `==` calls the values equal.
    if a.dtype.kind == "O":  # Python objects (a None): compared as values, having no bits of their own
        wrong = ~(a == b)
    else:
        a_bytes = np.ascontiguousarray(a).view(np.uint8).reshape(*a.shape, a.dtype.itemsize)
        b_bytes = np.ascontiguousarray(b).view(np.uint8).reshape(*b.shape, b.dtype.itemsize)
        wrong = np.any(a_bytes != b_bytes, axis=-1)
    if not np.any(wrong):
        return None
    if a.ndim == 0:
        return Difference("", "value", format_value(a[()]), format_value(b[()]), count=1, total=1)
    position = np.unravel_index(int(np.argmax(wrong)), a.shape)
    index = "[" + ", ".join(str(int(p)) for p in position) + "]"
    return Difference("", "value", format_value(a[position]), format_value(b[position]), index=index,
                      count=int(np.count_nonzero(wrong)), total=int(wrong.size))
