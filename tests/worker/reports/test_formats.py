"""JUnit, Markdown and Gradescope reports of a real grading, read by their consumers' rules."""

from __future__ import annotations

import json

import junitparser
import pytest

from graders.common.results import FileError
from graders.reports import render_gradescope, render_junit, render_markdown

from ...conftest import SUBMISSIONS, max_score, points
from ...expectations import owed_score, unanswered_failures

FAULTY = SUBMISSIONS / "jit" / "faulty_b.py"
# What faulty_b.py gets wrong; an exercise added after it was written fails as "not defined" besides.
WRONG = ("norm.no_globals", "negatives.jit", "maybe_negate.jit_compiled", "maybe_negate.no_recompilation")


@pytest.fixture(scope="module")
def faulty(graded):
    return graded(FAULTY, "jit")


def _failed(faulty) -> set[str]:
    return set(WRONG) | unanswered_failures(FAULTY, faulty)


def test_junit_has_one_case_per_exercise_and_check_and_parses(faulty, tmp_path) -> None:
    path = tmp_path / "report.xml"
    path.write_text(render_junit([faulty, FileError("bad.ipynb", "jit", "bad.ipynb: corrupt notebook JSON")]))
    xml = junitparser.JUnitXml.fromfile(str(path))
    suites = list(xml)
    cases = list(suites[0])
    assert len(cases) == sum(len(e.checks) for e in faulty.exercises)
    failed = {(case.classname, case.name) for case in cases
              if any(isinstance(r, junitparser.Failure) for r in case.result)}
    assert failed == {(f"jit.{key.split('.')[0]}", key.split(".")[1]) for key in _failed(faulty)}
    failure = next(r for case in cases for r in case.result if isinstance(r, junitparser.Failure))
    assert "AXIS" in failure.text
    assert suites[0].failures == len(_failed(faulty)) and suites[0].tests == len(cases)
    assert list(suites[1])[0].result[0].message.startswith("bad.ipynb")


def test_markdown_summarises_and_details_each_failing_check(faulty) -> None:
    text = render_markdown([faulty])
    score = owed_score(FAULTY, faulty) - points("jit", *WRONG)
    assert f"**{score:g} / {max_score('jit'):g}**" in text
    norm = max_score("jit", "norm")
    assert f"| `norm` | {norm - points('jit', 'norm.no_globals'):g} / {norm:g} |" in text
    assert text.count("<details>") == len(_failed(faulty)) and "AXIS" in text


def test_gradescope_results_follow_the_autograder_schema(faulty) -> None:
    data = json.loads(render_gradescope([faulty]))
    assert data["score"] == owed_score(FAULTY, faulty) - points("jit", *WRONG)
    assert len(data["tests"]) == sum(len(e.checks) for e in faulty.exercises)
    for test in data["tests"]:
        assert set(test) >= {"name", "score", "max_score", "status", "output", "visibility"}
        assert test["status"] in {"passed", "failed"} and test["visibility"] == "visible"
    assert sum(t["score"] for t in data["tests"]) == data["score"]
    with pytest.raises(ValueError, match="one submission"):
        render_gradescope([faulty, faulty])
