"""`compact_trace` compares sizes only when every call was measured, at lengths a submission cannot
aim at, and against the reference's own size; anything less is never a pass."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from graders.common.assignments import get_assignment
from graders.common.results import Status
from graders.common.spec import Exercise
from graders.judge.checks.base import CheckContext, Verdict
from graders.judge.checks.compact_trace import (
    LENGTH_RANGES,
    compact_trace,
    draw_lengths,
    growing_line,
    reference_secret,
    reference_sizes,
    size_limit,
    trace_verdict,
)
from graders.judge.source import parse_cells
from graders.judge.submission import read_submission
from graders.judge.supervisor.replies import TraceLine, TraceMeasurement
from graders.judge.supervisor.session import SubmissionSession

from ...conftest import REPO, SUBMISSIONS

PADDED = SUBMISSIONS / "hostile" / "padded_loops.py"


class _WorkerThatDropsASize(SubmissionSession):
    """A real worker that answers the first length and then no size at all, as a tampered one could."""

    answered = 0

    def trace_sizes(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        measured = super().trace_sizes(*args, **kwargs)
        self.answered += 1
        return measured if self.answered == 1 else TraceMeasurement((), ())


def _exercise(name: str) -> Exercise:
    return next(e for e in get_assignment("purity").exercises if e.name == name)


def _verdicts(path: Path, *names: str, session_type: type[SubmissionSession] = SubmissionSession,
              lang: str = "en") -> dict[str, Verdict]:
    submission = read_submission(path)
    session = session_type(submission)
    session.start()
    try:
        return {name: compact_trace(CheckContext(_exercise(name), session, lang, deadline=time.monotonic() + 120,
                                                 source=parse_cells(submission)))
                for name in names}
    finally:
        session.close()


def _line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line)


# ------------------------------------------------------------------ against a real worker
def test_one_size_for_three_calls_fails_closed() -> None:
    verdict = _verdicts(REPO / "solutions" / "purity.py", "horner", session_type=_WorkerThatDropsASize)["horner"]
    assert verdict.status is Status.ERROR
    assert "0 trace sizes where 1 were asked for" in verdict.message


def test_the_reference_passes_at_the_lengths_drawn_for_it() -> None:
    path = REPO / "solutions" / "purity.py"
    sources = [cell.source for cell in read_submission(path).cells]
    for name, verdict in _verdicts(path, "horner", "per_example_grads").items():
        assert verdict.status is Status.PASSED, verdict.message
        reference = next(e for e in get_assignment("purity").exercises if e.name == name).reference
        secret = reference_secret(reference)
        assert secret  # the digest of solutions/purity.py: what a student never has
        assert verdict.details["lengths"] == list(draw_lengths(name, sources, LENGTH_RANGES, secret))
        # The judge counts the reference as the worker counts the submission: here they are one function.
        assert verdict.details["sizes"] == verdict.details["reference"]


def test_loops_padded_to_a_fixed_length_fail_at_the_loop_line() -> None:
    verdicts = _verdicts(PADDED, "horner", "per_example_grads")
    for name, loop in (("horner", "acc = acc * x + padded[i]"), ("per_example_grads", "rows = [jax.grad")):
        verdict = verdicts[name]
        assert verdict.status is Status.FAILED, verdict.message
        first_sentence = verdict.message.split(". ")[0]
        assert f"padded_loops.py, line {_line_of(PADDED, loop)} (`{loop}" in first_sentence, verdict.message
        # Shortest first, stopping at a failure: never past the second length here.
        assert len(verdict.details["sizes"]) == 2


def test_a_loop_padded_beyond_every_length_fails_against_the_reference(tmp_path: Path) -> None:
    # Padded to 400, above every length that can be drawn: the sizes are equal, but unrolled.
    source = PADDED.read_text().replace("max(33,", "max(400,")
    path = tmp_path / "padded_far.py"
    path.write_text(source)
    for lang in ("en", "ko"):
        verdict = _verdicts(path, "horner", lang=lang)["horner"]
        assert verdict.status is Status.FAILED, verdict.message
        sizes, reference = verdict.details["sizes"], verdict.details["reference"]
        assert len(set(sizes)) == 1 and sizes[-1] > size_limit(reference[-1])
        line = _line_of(path, "acc = acc * x + padded[i]")
        expected = f"padded_far.py, line {line}" if lang == "en" else f"padded_far.py의 {line}번째 줄"
        assert expected in verdict.message.split(". ")[0], verdict.message
        assert str(reference[-1]) in verdict.message and "jax.lax.fori_loop" in verdict.message


# ------------------------------------------------------------------------ the length draw
_SOURCES = [PADDED.read_text().replace("max(33,", f"max({pad},") for pad in range(20, 60)]


def test_the_lengths_are_a_function_of_the_exercise_and_the_source() -> None:
    for source in _SOURCES[:5]:
        assert draw_lengths("horner", [source], LENGTH_RANGES) == draw_lengths("horner", [source], LENGTH_RANGES)
    # Another pad is another source, hence other lengths: a pad cannot be chosen after the lengths.
    draws = {draw_lengths("horner", [source], LENGTH_RANGES) for source in _SOURCES}
    assert len(draws) == len(_SOURCES)
    assert draw_lengths("horner", _SOURCES[:1], LENGTH_RANGES) != draw_lengths("per_example_grads", _SOURCES[:1],
                                                                              LENGTH_RANGES)
    # Cells are not merely concatenated: moving text between cells changes the draw.
    assert draw_lengths("horner", ["ab", "c"], LENGTH_RANGES) != draw_lengths("horner", ["a", "bc"], LENGTH_RANGES)


def test_every_draw_has_one_length_in_each_range_the_last_in_the_hundreds() -> None:
    for source in _SOURCES:
        lengths = draw_lengths("per_example_grads", [source], LENGTH_RANGES)
        assert len(lengths) == len(LENGTH_RANGES)
        assert all(low <= length <= high for length, (low, high) in zip(lengths, LENGTH_RANGES))
        assert lengths[-1] >= 200
    # The draw covers its ranges rather than sticking to a few values.
    assert len({draw_lengths("horner", [source], LENGTH_RANGES)[-1] for source in _SOURCES}) > 30


# ------------------------------------------------------------------ the reference comparison
def test_the_reference_sizes_are_counted_in_the_judge() -> None:
    for name, expected in (("horner", 12), ("per_example_grads", 16)):
        exercise = _exercise(name)
        lengths = (3, 40, 250)
        calls = [exercise.options["compact_trace"].call(n) for n in lengths]
        assert reference_sizes(exercise, lengths, calls) == (expected,) * 3


@pytest.mark.parametrize(
    ("sizes", "reference", "outcome"),
    [
        ((12, 12, 12), (12, 12, 12), ("passed", None)),
        ((5, 5, 5), (12, 12, 12), ("passed", None)),  # smaller than the reference: another formulation
        ((76, 76, 76), (12, 12, 12), ("passed", None)),  # 3 x 12 + 40: the margin itself
        ((77, 77, 77), (12, 12, 12), ("too_large", 2)),  # equal sizes, yet unrolled
        ((136, 136, 136), (12, 12, 12), ("too_large", 2)),  # horner padded to 33
        ((10, 34, 130), (12, 12, 12), ("grows", None)),
        ((12, 12, 13), (12, 12, 12), ("grows", None)),
    ],
)
def test_sizes_pass_only_when_equal_and_near_the_reference(sizes: tuple[int, ...], reference: tuple[int, ...],
                                                            outcome: tuple[str, int | None]) -> None:
    assert trace_verdict(sizes, reference) == outcome


def test_the_reported_line_is_the_deepest_that_carries_the_growth() -> None:
    def line(number: int, equations: int, depth: int = 0) -> TraceLine:
        return TraceLine("cell 2", number, equations, depth)

    # A wrapper's return (depth 0) made everything its loop (depth 1) made, and a little more; the
    # helper the loop body calls (depth 2) only part of it: the loop is reported.
    smallest = [line(3, 10), line(7, 8, 1), line(9, 2, 1), line(12, 4, 2)]
    largest = [line(3, 402), line(7, 400, 1), line(9, 2, 1), line(12, 200, 2)]
    assert growing_line(smallest, largest) == line(7, 400, 1)
    # Two lines of one loop body, one making twice the other's equations: the larger.
    assert growing_line([line(4, 2), line(5, 1)], [line(4, 200), line(5, 100)]) == line(4, 200)
    # Nothing grew (a loop padded to a fixed length): the line that made the most.
    assert growing_line([line(4, 2), line(6, 132)], [line(4, 2), line(6, 132)]) == line(6, 132)
    assert growing_line([], []) is None


def test_the_lengths_cannot_be_computed_without_the_solutions_file() -> None:
    """A student who knows the rule and has their own source still lacks the secret: the lengths drawn
    without it are not the ones measured (for nearly every source)."""
    differ = sum(draw_lengths("horner", [source], LENGTH_RANGES) != draw_lengths("horner", [source], LENGTH_RANGES,
                                                                                   "digest of solutions/purity.py")
                 for source in _SOURCES)
    assert differ >= len(_SOURCES) - 1


def test_a_loop_unrolled_by_its_unroll_argument_is_blamed_on_that_argument() -> None:
    # The loop already is a `fori_loop`: advice to use one would be wrong; the argument is the fault.
    path = SUBMISSIONS / "hostile" / "round7" / "scan_unroll_param.py"
    verdict = _verdicts(path, "horner")["horner"]
    assert verdict.status is Status.FAILED, verdict.message
    line = _line_of(path, "return jax.lax.fori_loop(")
    assert verdict.message.startswith(f"At scan_unroll_param.py, line {line} (`"), verdict.message
    assert "`unroll=`" in verdict.message and "Use `" not in verdict.message
    korean = _verdicts(path, "horner", lang="ko")["horner"].message
    assert "`unroll=`" in korean and "(으)로" not in korean
