"""The sentence a flagged submission gets: what was used, in the reader's language, and where."""

from __future__ import annotations

import pytest

from graders.judge.review import ReviewReason, review_flags
from graders.judge.submission import submission_from_bytes

_SUBMISSION = submission_from_bytes("s.py", b"import asyncio\nloop = asyncio.new_event_loop()\n")


@pytest.mark.parametrize(("lang", "words"), [("en", "a socket or pipe made by the cells and still open"),
                                             ("ko", "셀이 만들고 셀 실행 뒤에도 열려 있는 소켓이나 파이프")])
def test_a_channel_left_open_is_told_in_the_readers_language(lang: str, words: str) -> None:
    flag, = review_flags([ReviewReason("descriptor", "channels-left-open")], _SUBMISSION, lang)
    assert words in flag.text and "channels-left-open" not in flag.text, flag
    assert flag.code == "needs-review"


def test_an_event_is_named_as_the_code_names_it() -> None:
    flag, = review_flags([ReviewReason("thread", "asyncio.to_thread", "s.py", 2)], _SUBMISSION, "en")
    assert "threads: `asyncio.to_thread`" in flag.text, flag
