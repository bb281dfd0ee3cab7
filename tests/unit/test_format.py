"""Formatting values for messages: short, and as cheap for a huge reply as for a small one."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from graders.common import format as formatting
from graders.common.format import format_value


def _eager(value: Any) -> str:
    """The formatting before it was lazy: every element formatted, then clipped. The reference."""
    if isinstance(value, tuple):
        inner = ", ".join(_eager(item) for item in value)
        return formatting._clip(f"({inner},)" if len(value) == 1 else f"({inner})")
    if isinstance(value, list):
        return formatting._clip("[" + ", ".join(_eager(item) for item in value) + "]")
    if isinstance(value, dict):
        return formatting._clip("{" + ", ".join(f"{key!r}: {_eager(item)}" for key, item in value.items()) + "}")
    return format_value(value)


_leaves = st.one_of(st.integers(), st.floats(allow_nan=False), st.text(max_size=30), st.none(),
                    st.integers(0, 60).map(lambda n: np.arange(n, dtype=np.float32)))
_values = st.recursive(_leaves, lambda inner: st.one_of(st.lists(inner, max_size=80),
                                                        st.lists(inner, max_size=80).map(tuple),
                                                        st.dictionaries(st.text(max_size=8), inner, max_size=40)),
                       max_leaves=400)


@given(_values)
def test_lazy_formatting_gives_exactly_the_text_of_formatting_everything(value: Any) -> None:
    assert format_value(value) == _eager(value)


def test_a_reply_of_700k_arrays_is_formatted_from_its_first_elements_only(monkeypatch) -> None:
    value = tuple(np.array([float(i)], np.float32) for i in range(700_000))
    calls = 0
    original = np.array2string

    def counting(*args: Any, **kwargs: Any) -> str:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(np, "array2string", counting)
    started = time.process_time()
    text = format_value(value)
    seconds = time.process_time() - started
    assert len(text) == 600 and text.startswith("(array([0.], dtype=float32), array([1.]")
    assert text.endswith(" ...]")
    assert calls < 100, calls
    assert seconds < 0.5, seconds  # took 23 s of CPU when every element was formatted


def test_a_huge_string_is_cut_before_it_is_quoted() -> None:
    text = format_value({"k" * 10**7: "v" * 10**7})
    assert len(text) == 600 and text.startswith("{'kkkk")
