"""Student-facing text in Korean and English, from one catalog."""

from __future__ import annotations

import re
import string
from typing import Any

from .messages import MESSAGES

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "final_consonant", "placeholders", "t", "with_particles"]

LANGUAGES = ("ko", "en")
DEFAULT_LANGUAGE = "ko"


def t(key: str, lang: str, **params: Any) -> str:
    """The message `key` in `lang`, filled with `params`."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang={lang!r} is not supported; use one of {', '.join(LANGUAGES)}")
    try:
        template = MESSAGES[key][lang]
    except KeyError:
        raise KeyError(f"message key {key!r} is missing from graders/common/messages.py") from None
    text = template.format(**params)
    return with_particles(text) if lang == "ko" else text


# A Korean particle written with both forms, as the catalog writes it after a value it cannot know:
# `{name}`이(가). The form is chosen here, for the word it follows.
_PARTICLE = re.compile(r"(이\(가\)|을\(를\)|은\(는\)|과\(와\)|와\(과\)|\(으\)로"
                       r"|\(이\)라는|\(이\)라고|\(이\)며|\(이\)나)")
# Closing marks read past to reach the word: `update`, "name", (x), [i].
_CLOSERS = "`'\")]}>*"
# How the last digit is read in Korean: 영 일 이 삼 사 오 육 칠 팔 구 (final consonant, or None).
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": None, "3": "ㅁ", "4": None, "5": None, "6": "ㄱ", "7": "ㄹ", "8": "ㄹ",
                "9": None}
# Latin letters as the end of a word is read in Korean (loanword spelling): only l, m, n (and -ng)
# leave a final consonant (norm → 놈, scan → 스캔, l → 엘); a vowel or any other consonant does not
# (update → 업데이트, grad → 그래드, ValueError → 밸류에러).
_LATIN_FINAL = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ"}
# Words the course reads otherwise, as its Korean texts write them: `jit` is read 짓 (jit을, `jax.jit`으로),
# as the messages written in full already say.
_WORD_FINAL = {"jit": "ㅅ"}
_LAST_WORD = re.compile(r"[A-Za-z]+$")
# A word that ends in a short vowel and `t` or `p` keeps the stop as a final consonant in Korean spelling
# (output → 아웃풋, split → 스플릿, format → 포맷, vmap → 브이맵, setup → 셋업); after a long vowel or a
# pair of vowels it does not (float → 플로트, loop → 루프), nor after a consonant (sqrt, jnp).
_SHORT_VOWEL_STOP = re.compile(r"(?:^|[^aeiou])[aeiou]([tp])$")


def final_consonant(text: str) -> str | None:
    """The final consonant of the word `text` ends with, as Korean reads it ("ㄹ", "ㄴ", ...), or
    None when it ends in a vowel; closing quotes, backticks and brackets are read past."""
    stripped = text.rstrip(_CLOSERS)
    if not stripped:
        return None
    last = stripped[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return None if final == 0 else ("ㄹ" if final == 8 else "ㄱ")  # only ㄹ matters beyond yes or no
    if last in _DIGIT_FINAL:
        return _DIGIT_FINAL[last]
    word = _LAST_WORD.search(stripped)
    if word is not None and word.group() in _WORD_FINAL:
        return _WORD_FINAL[word.group()]
    lowered = stripped.lower()
    if lowered.endswith("ng"):
        return "ㅇ"
    if word is not None and word.group().lower().endswith("out"):
        return "ㅅ"  # out, layout, output: 아웃, 레이아웃
    stop = _SHORT_VOWEL_STOP.search(word.group().lower()) if word is not None else None
    if stop is not None:
        return "ㅅ" if stop.group(1) == "t" else "ㅂ"
    return _LATIN_FINAL.get(lowered[-1])


def _choose(particle: str, final: str | None) -> str:
    if particle == "(으)로":
        return "로" if final in (None, "ㄹ") else "으로"
    if particle.startswith("(이)"):
        return particle[3:] if final is None else "이" + particle[3:]
    pairs = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "과(와)": ("과", "와"),
             "와(과)": ("과", "와")}
    with_final, without = pairs[particle]
    return with_final if final is not None else without


def with_particles(text: str) -> str:
    """`text` with every both-forms particle (이(가), 을(를), (으)로 ...) replaced by the form the word
    before it takes."""
    def replace(match: re.Match[str]) -> str:
        return _choose(match.group(1), final_consonant(text[:match.start()]))
    return _PARTICLE.sub(replace, text)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}
