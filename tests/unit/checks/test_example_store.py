"""The store of drawn examples: what a judge reads back is exactly what it would have drawn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.common.spec import Call
from graders.judge.catalogue import load
from graders.judge.checks import base, example_store

# Every purpose a check draws for, with the count it draws.
_PURPOSES = (("probe", 1), ("correctness", 25), ("jit", 10), ("no_mutation", 10), ("no_recompilation", 6),
             ("no_globals", 1))


def _exact(value: Any) -> Any:
    """The value with every array as (type, dtype, shape, bytes): equal only for the very same data."""
    if isinstance(value, Call):
        return ("call", _exact(value.args), _exact(dict(value.kwargs)))
    if type(value) in (list, tuple):
        return (type(value).__name__, *map(_exact, value))
    if type(value) is dict:
        return ("dict", *((key, _exact(item)) for key, item in value.items()))
    if isinstance(value, (np.ndarray, np.generic)):
        return (type(value).__name__, value.dtype.str, np.shape(value), np.asarray(value).tobytes())
    return (type(value).__name__, repr(value))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Path]:
    example_store.keep_examples_in(str(tmp_path / "cache"))
    yield tmp_path / "cache-judge" / "examples"
    example_store.keep_examples_in(None)


@pytest.mark.parametrize("assignment", sorted(load()))
def test_what_is_read_back_is_what_would_be_drawn(store: Path, assignment: str) -> None:
    for exercise in load()[assignment].exercises:
        for purpose, count in _PURPOSES:
            drawn = base._draw_now(exercise, count, purpose)
            kept = base._draw(exercise, count, purpose)  # drawn and kept
            read = base._draw(exercise, count, purpose)  # read back
            assert _exact(kept) == _exact(drawn) == _exact(read), (exercise.name, purpose)
    assert any(store.iterdir())


def test_an_unreadable_entry_is_drawn_again(store: Path) -> None:
    exercise = load()["jit"].exercises[0]
    expected = _exact(base._draw_now(exercise, 3, "correctness"))
    base._draw(exercise, 3, "correctness")
    (entry,) = store.iterdir()
    for damage in ("not json", json.dumps([{"args": [{"__array__": {"dtype": "float32"}}], "kwargs": []}]),
                   json.dumps([{"args": [{"__pickle__": "x"}], "kwargs": []}])):
        entry.write_text(damage)
        assert _exact(base._draw(exercise, 3, "correctness")) == expected


def test_without_a_cache_nothing_is_kept(tmp_path: Path) -> None:
    example_store.keep_examples_in(None)
    exercise = load()["jit"].exercises[0]
    assert _exact(base._draw(exercise, 2, "jit")) == _exact(base._draw_now(exercise, 2, "jit"))
