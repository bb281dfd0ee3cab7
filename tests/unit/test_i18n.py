"""Every student-facing message exists in Korean and English with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graders.common.assignments import assignments
from graders.common.i18n import LANGUAGES, placeholders, t
from graders.common.messages import MESSAGES
from graders.common.registry import check_names, get_check

PACKAGE = Path(__file__).resolve().parents[2] / "graders"


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
    # Checks and exercises register as their modules are imported: run alone, this test imports them
    # itself, and an empty registry is a failure, not a pass.
    from graders.judge.catalogue import load

    assert load() and check_names()
    for name in check_names():
        assert set(get_check(name).description) == set(LANGUAGES)
    for assignment in assignments().values():
        assert set(assignment.title) == set(LANGUAGES)


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="lang='fr'"):
        t("report.score", "fr")


@pytest.mark.parametrize(("text", "expected"), [
    ("`update`이(가)", "`update`가"), ("`norm`이(가)", "`norm`이"), ("ValueError을(를)", "ValueError를"),
    ("1.0(으)로", "1.0으로"), ("7(으)로", "7로"), ("파일(으)로", "파일로"), ("값(으)로", "값으로"),
    ("`scatter_add`(이)라는", "`scatter_add`라는"), ("`scan`은(는)", "`scan`은"), ("함수을(를)", "함수를"),
    ("`x[i]`이(가)", "`x[i]`가"), ("`jnp.clip(a_max=...)`을(를)", "`jnp.clip(a_max=...)`를"),
    # `jit` is read 짓, as the course's Korean texts write it; `grad` is 그래드.
    ("`jax.jit`(으)로", "`jax.jit`으로"), ("`jit`이(가)", "`jit`이"), ("`grad`을(를)", "`grad`를"),
    # A short vowel and t or p keep the stop (아웃풋, 스플릿, 브이맵); a long vowel or a consonant does not.
    ("`output`이(가)", "`output`이"), ("`split`이(가)", "`split`이"), ("`vmap`(으)로", "`vmap`으로"),
    ("`x.at`을(를)", "`x.at`을"), ("`float`을(를)", "`float`를"), ("`loop`이(가)", "`loop`가"),
    ("`jnp.sqrt`이(가)", "`jnp.sqrt`가"), ("`out`이(가)", "`out`이"),
])
def test_korean_particles_are_chosen_for_the_word_before_them(text: str, expected: str) -> None:
    from graders.common.i18n import with_particles

    assert with_particles(text) == expected


@pytest.mark.parametrize("key", sorted(key for key, entry in MESSAGES.items() if "ko" in entry))
def test_no_both_forms_particle_reaches_a_student(key: str) -> None:
    """Every Korean message, filled with a word ending in a vowel and one ending in a consonant,
    reads with real particles: no 이(가), 을(를), (으)로 left for the student to pick."""
    fields = placeholders(MESSAGES[key]["ko"])
    for word in ("update", "norm"):
        text = t(key, "ko", **{field: word for field in fields})
        assert not re.search(r"이\(가\)|을\(를\)|은\(는\)|과\(와\)|와\(과\)|\(으\)로|\(이\)", text), (key, text)
