"""Failing messages lead with the diagnosis and the comparison: both within the first 300 characters;
the first sentence (the cause and the line) within 200 and never an array; a withheld check does not
repeat the input and the values its gate's message shows.

Read from the golden reports, which hold every deterministic verdict of the corpus: a failure that
names a line names it early, and a wrong result says what differs before it prints the input.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from graders.common.sentences import FIRST_SENTENCE_LIMIT, first_sentence

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
LEAD = 300
_LINE = re.compile(r"line \d+|\d+번째 줄")
_WRONG_RESULT = re.compile(r"[Ww]rong result")
# Every comparison of outputs opens with the part of the output that differs: `output`, `output[1]`.
_COMPARISON = re.compile(r"`output[^`]*`")


def _failing_messages(statuses: tuple[str, ...] = ("failed", "error")) -> list[tuple[str, str]]:
    found = []
    for path in sorted(GOLDEN.glob("*.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        for result in report if isinstance(report, list) else [report]:
            for exercise in result.get("exercises", []):
                for check in exercise["checks"]:
                    if check.get("status") in statuses:
                        found.append((f"{path.stem}: {exercise['name']}.{check['name']}", check["message"]))
    return found


MESSAGES = _failing_messages()
# Checks withheld behind a failed gate (points held for review say why at length, and stay out).
SKIPPED = [(where, message) for where, message in _failing_messages(("skipped",)) if message.startswith("Skipped:")]
_OPENS_WITH_ARRAY = re.compile(r"\s*(\[\s*\[|\[\s*-?\d|Array\(|array\()")


def test_the_corpus_has_failing_messages_to_read() -> None:
    assert len(MESSAGES) > 20


@pytest.mark.parametrize(("where", "message"), MESSAGES, ids=[where for where, _ in MESSAGES])
def test_a_failing_message_names_its_line_and_its_comparison_early(where: str, message: str) -> None:
    if _LINE.search(message):
        assert _LINE.search(message[:LEAD]), f"{where}: the line comes after character {LEAD}: {message[:400]}"
    if _WRONG_RESULT.search(message):
        assert _COMPARISON.search(message[:LEAD]), \
            f"{where}: the comparison comes after character {LEAD}: {message[:400]}"


@pytest.mark.parametrize(("where", "message"), MESSAGES, ids=[where for where, _ in MESSAGES])
def test_a_failing_message_opens_with_one_short_sentence_that_is_not_an_array(where: str, message: str) -> None:
    first = first_sentence(message, limit=10_000)
    assert len(first) <= FIRST_SENTENCE_LIMIT, f"{where}: {len(first)} characters: {first}"
    assert not _OPENS_WITH_ARRAY.match(message), f"{where}: {message[:200]}"


@pytest.mark.parametrize(("where", "message"), SKIPPED, ids=[where for where, _ in SKIPPED])
def test_a_withheld_check_says_what_is_new_and_not_the_input_again(where: str, message: str) -> None:
    assert "\n" not in message and "Expected output" not in message and len(message) <= 400, f"{where}: {message}"
