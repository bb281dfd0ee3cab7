"""Specs validate themselves: a bad one fails when built, naming field, value and fix."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Check, Exercise, SpecError
from graders.judge.checks import Correctness, Distribution, Jit, JitSpeedup, NoGlobals
from graders.judge.checks.compact_trace import TraceSizeSpec

_VALID = dict(
    name="double",
    reference=lambda x: 2 * x,
    inputs=st.just(Call((1.0,))),
    points={"correctness": 1},
    summary={"en": "twice x", "ko": "x의 두 배"},
)


@pytest.mark.parametrize(
    ("changes", "phrase"),
    [
        ({"name": "not an identifier"}, "identifier"),
        ({"points": {}}, "at least one"),
        ({"points": {"corectness": 1}}, "corectness"),
        ({"points": {"correctness": 0}}, "positive"),
        ({"points": {"jit_speedup": 1}}, "SpeedupSpec"),
        ({"static_argnames": ("y",)}, "'y'"),
        ({"parameters": ("X",)}, "its reference takes ('x',)"),
        ({"summary": {"en": "only English"}}, "summary['ko']"),
    ],
)
def test_bad_exercise_specs_are_refused_with_the_fix(changes, phrase) -> None:
    with pytest.raises(SpecError, match=None) as error:
        Exercise(**{**_VALID, **changes})
    assert phrase in str(error.value)


def test_checks_as_objects_give_the_points_and_options_in_their_order() -> None:
    exercise = Exercise(**{**_VALID, "points": {}, "checks": (Correctness(2), Jit(1), NoGlobals(1))})
    assert replace(exercise, max_examples=5).points == exercise.points  # what replace passes back agrees
    assert list(exercise.points.items()) == [("correctness", 2), ("jit", 1), ("no_globals", 1)]
    assert exercise.max_score == 4
    assert Exercise(**{**_VALID, "points": {}, "checks": (Distribution(2),)}).options["distribution"] \
        == Distribution(2).spec


@pytest.mark.parametrize(
    ("build", "phrase"),
    [
        (lambda: Correctness(0), "Correctness(points=0): give a positive number of points"),
        (lambda: Correctness(True), "positive number"),  # a bool is not a number of points
        (lambda: JitSpeedup(2), "give a SpeedupSpec"),
        (lambda: Check(1), "names no check"),
        (lambda: Exercise(**{**_VALID, "points": {}, "checks": (Jit(1), Correctness(2))}), "put 'correctness' first"),
        (lambda: Exercise(**{**_VALID, "checks": (Correctness(2),)}), "give checks only"),
        (lambda: replace(Exercise(**{**_VALID, "points": {}, "checks": (Correctness(2),)}), points={"correctness": 3}),
         "give checks only"),
        (lambda: Exercise(**{**_VALID, "points": {}, "checks": (Correctness(2), Correctness(1))}), "twice"),
        (lambda: Exercise(**{**_VALID, "points": {}, "checks": ("correctness",)}), "such as Correctness(2)"),
    ],
)
def test_a_wrong_check_is_refused_where_it_is_built(build, phrase) -> None:
    with pytest.raises(SpecError) as error:
        build()
    assert phrase in str(error.value)


def test_misconceptions_are_refused_on_a_random_exercise() -> None:
    from graders.common.spec import Misconception

    known = Misconception(compute=lambda x: x, says={"en": "you returned x.", "ko": "x를 반환했습니다."})
    with pytest.raises(SpecError, match="gate is 'distribution'"):
        Exercise(**{**_VALID, "points": {}, "checks": (Distribution(2),), "misconceptions": (known,)})


def test_course_try_refuses_a_strategy_whose_calls_the_reference_cannot_take() -> None:
    from graders.course.draft import _check_drawn_calls

    exercise = Exercise(**{**_VALID, "inputs": st.just(Call((1.0, 2.0)))})
    with pytest.raises(SpecError, match=r"inputs that draw a call its reference cannot take .*parameters \('x',\)"):
        _check_drawn_calls(exercise)
    _check_drawn_calls(Exercise(**_VALID))


def test_parameters_are_read_from_the_reference() -> None:
    assert Exercise(**_VALID).parameters == ("x",)
    assert Exercise(**{**_VALID, "parameters": ("x",)}).parameters == ("x",)  # given, and in agreement


@pytest.mark.parametrize(("title", "exercises", "phrase"), [
    ({"en": "A"}, None, "lacks title['ko']"),
    ({"en": "A", "ko": "A"}, (), "list at least one Exercise"),
])
def test_an_assignment_without_a_title_or_exercises_is_refused(title, exercises, phrase) -> None:
    with pytest.raises(SpecError) as error:
        Assignment("a", title, (Exercise(**_VALID),) if exercises is None else exercises)
    assert phrase in str(error.value)


def test_duplicate_exercises_in_an_assignment_are_refused() -> None:
    exercise = Exercise(**_VALID)
    with pytest.raises(SpecError, match="twice"):
        Assignment("a", {"en": "A", "ko": "A"}, (exercise, exercise))


@pytest.mark.parametrize(
    "points",
    [{"jit": 1}, {"jit": 1, "correctness": 1}],
    ids=["no-correctness", "correctness-not-first"],
)
def test_correctness_comes_first_in_every_exercise(points) -> None:
    with pytest.raises(SpecError, match="put 'correctness' first"):
        Exercise(**{**_VALID, "points": points})


def test_a_trace_size_spec_needs_two_increasing_length_ranges_to_compare() -> None:
    def build(lengths: tuple[tuple[int, int], ...]) -> TraceSizeSpec:
        return TraceSizeSpec(call=lambda n: Call((float(n),)), describe={"en": "n", "ko": "n"},
                             construct="jax.lax.scan", lengths=lengths)

    with pytest.raises(SpecError, match="at least two"):
        build(((2, 9),))
    with pytest.raises(SpecError, match="increasing and disjoint"):
        build(((2, 9), (9, 20)))
    with pytest.raises(SpecError, match="increasing and disjoint"):
        build(((0, 3), (4, 8)))
    assert build(((2, 9), (10, 20))).call(3) == Call((3.0,))


def test_the_norm_formula_is_said_once_and_the_solution_computes_it() -> None:
    import ast
    import inspect

    from graders.judge.catalogue.jit import NORM, NORM_FORMULA
    from solutions import jit as solution

    tree = ast.parse(inspect.getsource(solution))
    norm = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "norm")
    [returned] = [node.value for node in ast.walk(norm) if isinstance(node, ast.Return)]
    assert ast.unparse(returned) == NORM_FORMULA  # the solution is the formula the statement gives
    timing = NORM.options["jit_speedup"]
    assert NORM_FORMULA in timing.baseline_source and NORM_FORMULA in NORM.summary["ko"]


def test_a_misconception_is_explained_in_both_languages_with_a_valid_marker() -> None:
    from graders.common.spec import Misconception

    with pytest.raises(SpecError, match="says\\['ko'\\]"):
        Misconception(compute=lambda x: x, says={"en": "doubled"})
    with pytest.raises(SpecError, match="not a regular expression"):
        Misconception(compute=lambda x: x, says={"en": "a", "ko": "b"}, marker="(")


def test_a_misconception_whose_first_sentence_would_push_the_line_out_of_the_opening_is_refused() -> None:
    from graders.common.spec import MISCONCEPTION_OPENING_LIMIT, Misconception

    long = "your result " + "adds one more clause " * 8 + "to the first sentence. The rest may be long."
    with pytest.raises(SpecError, match=r"says\['en'\] opens with a sentence of \d+ characters .*within 120"):
        Misconception(compute=lambda x: x, says={"en": long, "ko": "짧습니다."})
    fits = "x" * (MISCONCEPTION_OPENING_LIMIT - 1) + ". " + "y" * 400
    assert Misconception(compute=lambda x: x, says={"en": fits, "ko": fits}).says["en"] == fits
