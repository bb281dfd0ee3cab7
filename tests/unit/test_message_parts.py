"""The parts a message is built from: its first sentence, whether a later check says anything the
gate's message did not, and a hint that says to make an argument static only on evidence."""

from __future__ import annotations

import ast
from types import SimpleNamespace

import numpy as np
import pytest

from graders.common.format import first_sentence, same_cause
from graders.common.i18n import t
from graders.common.spec import Call
from graders.judge.checks.base import CheckContext
from graders.judge.explain import explain_error
from graders.judge.source.parsed import ParsedCell
from graders.judge.supervisor.replies import ErrorReport

_TRACED_NEG = ("Attempted boolean conversion of traced array with shape bool[]. The error occurred while tracing "
               "the function f at f.py:3 for jit. This concrete value was not available in Python because it "
               "depends on the value of the argument neg.")
_TRACED_X = _TRACED_NEG.replace("argument neg", "argument x")


def test_the_first_sentence_stops_at_the_first_line_break_or_sentence_end() -> None:
    assert first_sentence("f.py, line 3 (`x.at[0].set(1)`) drops it.\nWrong result: ...") == \
        "f.py, line 3 (`x.at[0].set(1)`) drops it."
    assert first_sentence("Wrong result: a. The input: b") == "Wrong result: a."
    assert len(first_sentence("x" * 500)) == 200


@pytest.mark.parametrize(("gate", "later", "same"), [
    # The same error at the same line, once as NumPy arrays and once under jit.
    ("Your function raised TypeError at f.py, line 24 (`r`).\nThe input, given as NumPy arrays: x=0.0",
     "Under `jax.jit`, your function raised TypeError at f.py, line 24 (`r`).\nThe input: x=0.0", True),
    # A wrong value again, with only the returning line: nothing new.
    ("f.py, line 16 (`s = c.std()`) is the first step whose value the reference never computes.\nWrong result: a",
     "f.py, line 17 (`return c / s`) returns a wrong value.\nUnder `jax.jit`, a wrong result: b", True),
    # A cause of its own at another line: news.
    ("Wrong result: `output` differs.\nThe input: x",
     "f.py, line 29 (`vmap(g)`): every row is the gradient of the batch's mean loss.\nUnder `jax.jit`, a wrong "
     "result: b", False),
    # Another exception at the same line is another finding.
    ("Your function raised TypeError at f.py, line 4 (`r`).", "Your function raised ValueError at f.py, line 4 (`r`).",
     False),
    ("여러분의 함수가 f.py의 24번째 줄(`r`)에서 TypeError를 발생시켰습니다.\n입력(NumPy 배열로 전달): x",
     "`jax.jit` 아래에서 여러분의 함수가 f.py의 24번째 줄(`r`)에서 TypeError를 발생시켰습니다.\n입력: x", True),
])
def test_a_later_check_repeats_the_gate_only_when_it_says_nothing_new(gate: str, later: str, same: bool) -> None:
    assert same_cause(gate, later) is same


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_making_an_argument_static_is_advised_only_for_a_python_valued_argument_jax_names(lang: str) -> None:
    static = {"neg": "@partial(jax.jit, static_argnames='neg')"}

    def hint(message: str, static_names: dict[str, str]) -> str:
        error = ErrorReport("TracerBoolConversionError", ("TracerBoolConversionError", "ConcretizationTypeError"),
                            message, "f.py", 4, "if neg:")
        return explain_error(error, lang, static=static_names)

    assert "static_argnames='neg'" in hint(_TRACED_NEG, static)
    assert "static_argnames" not in hint(_TRACED_X, static)  # an array argument: static would not hash
    assert "static_argnames" not in hint(_TRACED_NEG, {})  # the exercise has no Python-valued argument
    assert "`jnp.where`" in hint(_TRACED_X, static)


def test_the_immutable_hint_rewrites_the_line_that_raised() -> None:
    message = "'<class 'jax.Array'>' object does not support item assignment. JAX arrays are immutable."
    added = ErrorReport("TypeError", ("TypeError",), message, "f.py", 3, "x[i] += v")
    assert "`x = x.at[i].add(v)`" in explain_error(added, "en")
    called = ErrorReport("TypeError", ("TypeError",), message, "f.py", 3, "update(x)")
    assert "`x = x.at[i].set(v)`" in explain_error(called, "en")  # no item assignment on the line: the general form


@pytest.mark.parametrize(("call", "en", "ko"), [
    (Call((np.zeros(3), np.ones((2, 2)))), ", given as NumPy arrays", "(NumPy 배열로 전달)"),
    # A Python bool beside an array is not a NumPy array: only the arrays are said to be.
    (Call((np.zeros(3),), {"neg": True}), ", its arrays given as NumPy arrays", "(배열은 NumPy 배열로 전달)"),
    (Call(([np.zeros(3), 2],)), ", its arrays given as NumPy arrays", "(배열은 NumPy 배열로 전달)"),
    # No array at all: nothing is said of how arrays were given.
    (Call((3, False)), "", ""),
])
def test_an_input_is_said_to_be_given_as_numpy_arrays_only_for_its_arrays(call: Call, en: str, ko: str) -> None:
    for lang, expected in (("en", en), ("ko", ko)):
        context = SimpleNamespace(text=lambda key, lang=lang: t(key, lang))
        assert CheckContext.given_as(context, call, "numpy") == expected  # type: ignore[arg-type]
    message = t("correctness.raised", "en", explanation="raised TypeError.", given="", input="f(3, False)")
    assert message.endswith("\nThe input: f(3, False)")


def test_float_of_a_traced_value_gets_advice_about_python_numbers_not_shapes() -> None:
    """A ConcretizationTypeError from `float(x)` under jit: the shapes advice did not fit (first-contact round)."""
    from graders.judge.explain import hint_key

    chain = ("ConcretizationTypeError",)
    message = ("Abstract tracer value encountered where concrete value is expected. "
               "The problem arose with the `float` function.")
    assert hint_key(ErrorReport("ConcretizationTypeError", chain, message, "f.py", 9, "scale = float(X.std())")) \
        == "hint.tracer_float"
    assert hint_key(ErrorReport("ConcretizationTypeError", chain, "Abstract tracer value", "f.py", 9, "v = x.item()")) \
        == "hint.tracer_float"
    assert hint_key(ErrorReport("ConcretizationTypeError", chain, "Shapes must be 1D sequences of concrete values",
                                "f.py", 3, "jnp.zeros(n)")) == "hint.concretization"
    assert t("hint.tracer_float", "ko").startswith("`float()`")


def test_a_library_s_not_implemented_error_is_not_read_as_the_stub() -> None:
    """`jnp.add.at` without `inplace=False` raises NotImplementedError from JAX: the file has no `raise`
    (first-contact round of issue #49), so the hint must not say to replace one."""
    from graders.judge.explain import hint_key
    from graders.judge.source.parsed import raise_statement_at

    library = ErrorReport("NotImplementedError", (), "jnp.ufunc.at() cannot operate inplace", "f.py", 4,
                          "return jnp.add.at(x, i, v)")
    stub = ErrorReport("NotImplementedError", (), "", "f.py", 2, "raise NotImplementedError()")
    assert hint_key(library) == "hint.library_not_implemented"
    assert hint_key(stub) == "hint.not_implemented"
    source = "def f(x):\n    raise NotImplementedError()\n\ndef g(x):\n    return jnp.add.at(x, 0, 1)\n"
    cells = (ParsedCell("f.py", ast.parse(source)),)
    assert raise_statement_at(cells, "f.py", 2, "NotImplementedError")
    assert not raise_statement_at(cells, "f.py", 5, "NotImplementedError")
    assert not raise_statement_at(cells, "other.py", 2, "NotImplementedError")
