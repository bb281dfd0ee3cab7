"""Warm-up planning: one call per cache signature, the rest measured."""

from __future__ import annotations

import numpy as np

from graders.common.assignments import get_assignment
from graders.common.spec import Call
from graders.judge.checks.no_recompilation import signature, split_warmup


def _exercise(name: str):
    return next(e for a in ("jit", "purity") for e in get_assignment(a).exercises if e.name == name)


def test_static_values_are_part_of_the_signature_but_traced_values_are_not() -> None:
    maybe_negate = _exercise("maybe_negate")
    x = np.zeros(4, np.float32)
    assert signature(maybe_negate, Call((x, True))) != signature(maybe_negate, Call((x, False)))
    assert signature(maybe_negate, Call((x, True))) == signature(maybe_negate, Call((x + 1, True)))
    assert signature(maybe_negate, Call((x, True))) != signature(maybe_negate, Call((np.zeros(5, np.float32), True)))


def test_each_signature_is_warmed_once() -> None:
    norm = _exercise("norm")
    calls = [Call((np.full((8, 3), v, np.float32),)) for v in range(3)] + [Call((np.zeros((32, 5), np.float32),))]
    warmup, measured = split_warmup(norm, calls)
    assert len(warmup) == 2 and len(measured) == 2
