"""Text a student wrote stays text in every report, read without a worker: Markdown escaped but meaning
kept, code spans inert, control characters escaped once (`results.printable`).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree

import junitparser
import pytest
from markdown_it import MarkdownIt

from graders.common.format import markdown_text
from graders.common.results import (
    CheckResult,
    ExerciseResult,
    FileError,
    Status,
    SubmissionResult,
    printable,
    result_from_dict,
)
from graders.reports import (
    WRITERS,
    result_to_dict,
)

CONTROL = ("\x1b[2J\x1b[H\x1b[32mScore: 30 / 30\x1b[0m NUL\x00 C1\x9b\x85 BEL\x07 CR\rline\r\nDEL\x7f \ud800\uffff"
           " RLO\u202e03/0\u202c ISOLATE\u2066x\u2069 ZW\u200b\u200d\u2060 BOM\ufeff ALM\u061c"
           # Round 49: line and paragraph separators, the tag block's hidden letters, Hangul fillers, soft hyphen.
           " LS\u2028PS\u2029 TAG\U000e0001\U000e0041 FILL\u3164\u115f SHY\u00ad MVS\u180e")


UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u061c\u200b-\u200f\u202a-\u202e"
                         "\u2060-\u2069\ufeff\u2028\u2029\U000e0000-\U000e007f\u3164\u115f\u00ad\u180e]")


def _controlled() -> list[SubmissionResult | FileError]:
    check = CheckResult("correctness", Status.FAILED, f"ValueError: {CONTROL}", 0.0, 6.0,
                        details={"found": [CONTROL, {CONTROL: (CONTROL, 1)}]})
    passed = CheckResult("correctness", Status.PASSED, "ok", 9.0, 9.0)
    return [SubmissionResult(f"{CONTROL}.py", "jit", (ExerciseResult("norm", (passed,)),
                                                       ExerciseResult("negatives", (check,))),
                             flags=(f"flag {CONTROL}",), environment={"device": CONTROL}, student_output=CONTROL),
            FileError(f"{CONTROL}.ipynb", "jit", f"could not read {CONTROL}", 15.0)]


def test_markdown_text_escapes_syntax_but_not_meaning() -> None:
    assert markdown_text("a|b\nc", inline=True) == "a\\|b c"
    rendered = MarkdownIt("commonmark", {"html": True}).render(markdown_text("# not a heading\n    code?\n1. x"))
    assert "<h1>" not in rendered and "<pre>" not in rendered and "<ol>" not in rendered
    assert "# not a heading" in rendered


def test_code_spans_stay_code_and_stay_inert() -> None:
    import mistune

    from graders.common.format import markdown_text

    rendered = mistune.html(markdown_text("`norm` is not defined; `<script>alert(1)</script>` and `x.at[i].set(v)`"))
    assert "<code>norm</code> is not defined" in rendered
    assert "<script>" not in rendered and "<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>" in rendered
    assert "<code>x.at[i].set(v)</code>" in rendered


def test_printable_escapes_control_characters_once_and_keeps_lines() -> None:
    assert printable(CONTROL) == ("\\x1b[2J\\x1b[H\\x1b[32mScore: 30 / 30\\x1b[0m NUL\\x00 C1\\x9b\\x85 BEL\\x07 "
                                  "CR\\x0dline\nDEL\\x7f \\ud800\\uffff RLO\\u202e03/0\\u202c ISOLATE\\u2066x\\u2069 "
                                  "ZW\\u200b\\u200d\\u2060 BOM\\ufeff ALM\\u061c LS\\u2028PS\\u2029 "
                                  "TAG\\U000e0001\\U000e0041 FILL\\u3164\\u115f SHY\\xad MVS\\u180e")
    assert printable(printable(CONTROL)) == printable(CONTROL)
    assert printable("tab\tand\nnewline, 한국어 ✓") == "tab\tand\nnewline, 한국어 ✓"


def test_results_hold_only_printable_text() -> None:
    result, error = _controlled()
    assert isinstance(result, SubmissionResult)
    texts = [result.submission, *result.flags, result.student_output, *result.environment.values(),
             error.submission, error.message, json.dumps(result_to_dict(result), ensure_ascii=False)]
    texts += [check.message for exercise in result.exercises for check in exercise.checks]
    for text in texts:
        assert not UNPRINTABLE.search(text), repr(text)
    # The one serialisation reads back what it wrote, and escaping twice changes nothing.
    assert result_from_dict(result_to_dict(result)) == result
    assert result_from_dict(json.loads(json.dumps(result_to_dict(error)))) == error


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_report_carries_a_control_character(writer: str) -> None:
    results = _controlled()
    report = WRITERS[writer](results[:1] if writer == "gradescope" else results)
    assert not UNPRINTABLE.search(report), writer
    if writer == "junit":
        root = ElementTree.fromstring(report.encode())
        assert root.get("tests") == "3" and root.get("failures") == "1" and root.get("errors") == "1"
        junitparser.JUnitXml.fromstring(report)
    elif writer in ("json", "gradescope"):
        data = json.loads(report)
        assert (data if writer == "gradescope" else data[0])["score"] == 9.0
    elif writer == "text":
        assert "Score: 9 / 15" in report and "\\x1b[2J" in report
