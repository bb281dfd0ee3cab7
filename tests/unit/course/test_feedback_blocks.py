"""The judge's feedback is one block per function: mark, score, what is wrong first, the rest folded."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from graders.common.format import first_sentence
from graders.common.results import CheckResult, ExerciseResult, Status
from graders.reports.markdown_report import render_feedback

LONG = "line 7: `norm` is compiled again on every call. Input: x=[1.0]. Fix: drop static_argnums." + " more" * 80
CORRECT = CheckResult("correctness", Status.PASSED, "", 4.0, 4.0)
EXERCISE = ExerciseResult("norm", (
    CORRECT,
    CheckResult("no_recompilation", Status.FAILED, LONG, 0.0, 4.0),
    CheckResult("no_globals", Status.FAILED, "held: line 3 reads a global.", 0.0, 2.0, {"withheld": "needs-review"}),
))


def feedback_markdown(exercise: ExerciseResult, notes: list[str], lang: str) -> str:
    return render_feedback(exercise, notes, lang)


def test_a_failed_function_opens_with_its_mark_score_and_first_sentence() -> None:
    markdown = feedback_markdown(EXERCISE, [], "en")
    head, quote = markdown.split("\n\n")[:2]
    assert head == "❌ **jaxgrade · `norm`: 4 / 10**"
    assert quote.startswith("> line 7") and "Input" not in quote  # the first sentence only
    assert "- ✅ `correctness` · passed · 4/4" in markdown
    assert "- ⏸️ `no_globals` · held for review · 0/2" in markdown


def test_the_full_explanations_are_folded_and_no_table_is_drawn() -> None:
    html = MarkdownIt("commonmark").enable("table").render(feedback_markdown(EXERCISE, [], "ko"))
    assert "<table>" not in html
    folded = html.split("<details>", 1)[1]
    assert "static\\_argnums" in folded or "static_argnums" in folded
    assert "검토 대기" in html and "통과" in html


def test_a_passed_function_is_one_line_and_a_list() -> None:
    passed = ExerciseResult("norm", (CORRECT,))
    markdown = feedback_markdown(passed, [], "en")
    assert markdown.startswith("✅ **jaxgrade · `norm`: 4 / 4**")
    assert ">" not in markdown and "<details>" not in markdown


def test_the_plain_view_has_no_markup_tags() -> None:
    assert "<details>" not in render_feedback(EXERCISE, [], "en", plain=True)


def test_a_graders_error_is_marked_as_the_summary_marks_it() -> None:
    broken = ExerciseResult("norm", (CheckResult("correctness", Status.ERROR, "internal error: x", 0.0, 4.0),))
    assert render_feedback(broken, [], "en").startswith("⚠️ **jaxgrade · `norm`: 0 / 4**")


@pytest.mark.parametrize("text, expected", [
    ("one. two.", "one."),
    ("첫 줄입니다.\n둘째 줄", "첫 줄입니다."),
    ("x" * 300, "x" * 199 + "…"),
])
def test_first_sentence(text: str, expected: str) -> None:
    assert first_sentence(text) == expected


def test_a_function_whose_checks_were_all_skipped_is_not_marked_passed() -> None:
    skipped = ExerciseResult("norm", (CheckResult("correctness", Status.SKIPPED, "the time ran out", 0.0, 4.0),))
    assert render_feedback(skipped, [], "en").startswith("⏭️ **jaxgrade · `norm`: 0 / 4**")
