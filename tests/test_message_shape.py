"""Failing messages lead with the diagnosis and the comparison: both within the first 300 characters.

Read from the golden reports, which hold every deterministic verdict of the corpus: a failure that
names a line names it early, and a wrong result says what differs before it prints the input.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
LEAD = 300
_LINE = re.compile(r"line \d+|\d+번째 줄")
_WRONG_RESULT = re.compile(r"[Ww]rong result")
# Every comparison of outputs opens with the part of the output that differs: `output`, `output[1]`.
_COMPARISON = re.compile(r"`output[^`]*`")


def _failing_messages() -> list[tuple[str, str]]:
    found = []
    for path in sorted(GOLDEN.glob("*.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        for result in report if isinstance(report, list) else [report]:
            for exercise in result.get("exercises", []):
                for check in exercise["checks"]:
                    if check.get("status") in ("failed", "error"):
                        found.append((f"{path.stem}: {exercise['name']}.{check['name']}", check["message"]))
    return found


MESSAGES = _failing_messages()


@pytest.mark.unit
def test_the_corpus_has_failing_messages_to_read() -> None:
    assert len(MESSAGES) > 20


@pytest.mark.parametrize(("where", "message"), MESSAGES, ids=[where for where, _ in MESSAGES])
@pytest.mark.unit
def test_a_failing_message_names_its_line_and_its_comparison_early(where: str, message: str) -> None:
    if _LINE.search(message):
        assert _LINE.search(message[:LEAD]), f"{where}: the line comes after character {LEAD}: {message[:400]}"
    if _WRONG_RESULT.search(message):
        assert _COMPARISON.search(message[:LEAD]), \
            f"{where}: the comparison comes after character {LEAD}: {message[:400]}"
