"""Typed random keys are first-class inputs and outputs, and key discipline is JAX's own checker's verdict.

A key crosses the wire as its implementation's name and raw words (both_sides/protocol.py `KeyData`) and is a
`jax.random.key` again on each side; outputs that are keys are compared word for word. `key_discipline` calls
the function with JAX's key-reuse checker on, so a key drawn from twice fails at the line that reuses it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jax
import pytest
from hypothesis import strategies as st

from graders.common.results import Status, SubmissionResult
from graders.common.spec import Assignment, Call, Exercise
from graders.judge.grade import GradingOptions, grade_submission
from graders.judge.strategies import float32_arrays, prng_keys
from graders.judge.submission import read_submission

from ...conftest import SUBMISSIONS

KEYS = SUBMISSIONS / "keys"


def _split_in_three(key: Any) -> Any:
    return jax.random.split(key, 3)


def _pair(key: Any) -> Any:
    first_key, second_key = jax.random.split(key)
    return jax.random.normal(first_key, (64,)), jax.random.normal(second_key, (64,))


_KEY_CALLS = prng_keys().map(lambda key: Call((key,)))
_KEY_AND_DATA_CALLS = st.tuples(prng_keys(), float32_arrays((16,), -10.0, 10.0)).map(lambda drawn: Call(drawn))


def _jitter(key: Any, x: Any) -> Any:
    return x + 0.5 * jax.random.normal(key, x.shape)
_ASSIGNMENT = Assignment("keys", {"en": "Random keys", "ko": "난수 키"}, (
    Exercise(name="split_in_three", reference=_split_in_three, inputs=_KEY_CALLS, points={"correctness": 2},
             parameters=("key",), max_examples=5,
             summary={"en": "three keys split from key", "ko": "키를 셋으로 나눔"}),
    Exercise(name="pair", reference=_pair, inputs=_KEY_CALLS, points={"distribution": 2, "key_discipline": 1},
             parameters=("key",), max_examples=5,
             summary={"en": "two independent normal draws", "ko": "독립인 정규 표본 두 개"}),
    Exercise(name="jitter", reference=_jitter, inputs=_KEY_AND_DATA_CALLS, points={"distribution": 2},
             parameters=("key", "x"), max_examples=5,
             summary={"en": "x plus normal noise of deviation 0.5", "ko": "x에 표준편차 0.5인 정규 잡음을 더함"}),
))


def _graded(path: Path) -> SubmissionResult:
    return grade_submission(read_submission(path), _ASSIGNMENT, GradingOptions(lang="en"))


def _check(result: SubmissionResult, exercise: str, check: str) -> Any:
    return next(c for e in result.exercises if e.name == exercise for c in e.checks if c.name == check)


def test_keys_cross_both_ways_and_a_split_used_once_earns_everything() -> None:
    result = _graded(KEYS / "splits_first.py")
    assert result.score == result.max_score, [(c.name, c.message) for e in result.exercises for c in e.checks]


def test_a_key_drawn_from_twice_fails_key_discipline_at_the_line_that_reuses_it() -> None:
    verdict = _check(_graded(KEYS / "reuses_a_key.py"), "pair", "key_discipline")
    assert verdict.status is Status.FAILED
    assert verdict.message.startswith("`pair` uses a random key it has already used at reuses_a_key.py, line 12 "
                                      "(`second = jax.random.normal(key, (64,))`)")
    assert "jax.random.split(key)" in verdict.message


def test_samples_in_another_split_order_are_as_right_as_the_references() -> None:
    result = _graded(KEYS / "splits_in_another_order_for_pair.py")
    assert _check(result, "pair", "distribution").status is Status.PASSED
    assert _check(result, "pair", "key_discipline").status is Status.PASSED


@pytest.mark.parametrize(("file", "opening"), [
    ("jitter_without_noise.py", "`jitter` returned the same output for 64 different keys"),
    ("jitter_unscaled.py", "At jitter_unscaled.py, line 16 (`return x + jax.random.normal(key, x.shape)`), the numbers "
                           "`jitter` returns in output have standard deviation 0.8"),
])
def test_noise_added_to_data_is_graded_by_what_the_key_alone_changes(file: str, opening: str) -> None:
    # The data's own spread (values up to 10) would hide the noise's in the numbers pooled as drawn.
    verdict = _check(_graded(KEYS / file), "jitter", "distribution")
    assert verdict.status is Status.FAILED and verdict.message.startswith(opening), verdict.message


@pytest.mark.parametrize(("file", "opening"), [
    ("draws_uniform.py", "At draws_uniform.py, line 12 (`return (jax.random.uniform(first_key, (64,)), "
                         "jax.random.un…`), the numbers `pair` returns in output[0] have mean 0."),
    ("draws_from_numpy.py", "`pair` draws from a process-wide generator at draws_from_numpy.py, line 13"),
    ("fixed_key.py", "`pair` makes its key from a constant at fixed_key.py, line 11 (`first_key, second_key = "
                     "jax.random.split(jax.random.key(0))`), so 64 different keys gave the same output"),
])
def test_samples_that_break_the_statements_promise_fail_distribution_saying_which(file: str, opening: str) -> None:
    verdict = _check(_graded(KEYS / file), "pair", "distribution")
    assert verdict.status is Status.FAILED and verdict.message.startswith(opening), verdict.message


def test_keys_in_another_order_are_a_wrong_answer_shown_as_keys() -> None:
    verdict = _check(_graded(KEYS / "splits_in_another_order.py"), "split_in_three", "correctness")
    assert verdict.status is Status.FAILED
    assert "line 7 (`return jax.random.split(key, 3)[::-1]`)" in verdict.message
    shrunk = "The input: key=jax.random.wrap_key_data(array([0, 0], dtype=uint32), impl='threefry2x32')"
    assert shrunk in verdict.message


def test_a_spec_that_draws_raw_keys_is_the_authors_error_said_in_one_sentence() -> None:
    from graders.judge.strategies import raw_prng_keys

    raw = Assignment("raw-keys", {"en": "Raw keys", "ko": "원시 키"}, (
        Exercise(name="pair", reference=_pair, inputs=raw_prng_keys().map(lambda key: Call((key,))),
                 points={"distribution": 2, "key_discipline": 1}, parameters=("key",), max_examples=5,
                 summary={"en": "two normal draws", "ko": "정규 표본 두 개"}),))
    result = grade_submission(read_submission(KEYS / "splits_first.py"), raw, GradingOptions(lang="en"))
    verdict = _check(result, "pair", "distribution")
    assert verdict.status is Status.ERROR and "draw it with `prng_keys()`" in verdict.message, verdict.message


def test_the_strategy_draws_typed_keys_that_shrink_to_key_zero() -> None:
    from hypothesis import find

    from graders.both_sides.protocol import KeyData

    smallest = find(prng_keys(), lambda key: True)
    assert smallest == KeyData("threefry2x32", jax.random.key_data(jax.random.key(0)).__array__())
