"""Every student-facing message exists in Korean and English with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graders.i18n import LANGUAGES, placeholders, t
from graders.messages import MESSAGES
from graders.registry import assignments, check_names, get_check

PACKAGE = Path(__file__).resolve().parent.parent / "graders"


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_message_exists_in_both_languages_with_the_same_fields(key: str) -> None:
    entry = MESSAGES[key]
    assert set(entry) == set(LANGUAGES), key
    assert all(entry[lang].strip() for lang in LANGUAGES), key
    assert placeholders(entry["en"]) == placeholders(entry["ko"]), key


def test_every_key_the_code_uses_is_in_the_catalog() -> None:
    used = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r'(?:\bt|ctx\.text)\(\s*"([a-z_]+\.[a-z_]+)"', path.read_text()))
    assert used, "the scan found no message keys"
    assert used - set(MESSAGES) == set()


def test_descriptions_and_titles_exist_in_both_languages() -> None:
    for name in check_names():
        assert set(get_check(name).description) == set(LANGUAGES)
    for assignment in assignments().values():
        assert set(assignment.title) == set(LANGUAGES)


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="lang='fr'"):
        t("report.score", "fr")
