"""Lines read from a function's source in the judge: the statement a misconception's marker finds,
and the one `return` that hands back a wrong value."""

from __future__ import annotations

import ast

from graders.judge.source.parsed import ParsedCell, single_return, statement_matching

SOURCE = '''
import jax.numpy as jnp

def norm(X):
    mu = X.mean(0)
    sigma = X.std(0, ddof = 1)
    return (X - mu) / sigma

def branches(x, neg):
    if neg:
        return -x
    return x

def nested(x):
    def inner(y):
        return y + 1
    return inner(x)
'''
CELLS = (ParsedCell("norm.py", ast.parse(SOURCE)),)


def test_a_marker_finds_the_statement_as_ast_unparse_writes_it() -> None:
    assert statement_matching(CELLS, "norm", r"ddof=1") == ("norm.py", 6, "sigma = X.std(0, ddof=1)")
    assert statement_matching(CELLS, "norm", r"axis=1") is None
    assert statement_matching(CELLS, "missing", r"ddof=1") is None
    assert statement_matching(CELLS, "norm", "") is None


def test_only_a_function_with_one_return_has_a_returning_line() -> None:
    assert single_return(CELLS, "norm") == ("norm.py", 7, "return (X - mu) / sigma")
    assert single_return(CELLS, "branches") is None
    assert single_return(CELLS, "nested") == ("norm.py", 17, "return inner(x)")  # the inner def's aside


def test_a_crafted_docstring_costs_the_judge_no_time() -> None:
    """A marker's pattern backtracks: a 64 KB docstring is no statement, and a long statement is read in part."""
    import time

    crafted = ('def norm(X):\n    """' + "a" * 65_000 + '"""\n    label = "' + "a" * 65_000 + '"\n'
               "    sigma = X.std(0, ddof=1)\n    return X / sigma\n")
    cells = (ParsedCell("norm.py", ast.parse(crafted)),)
    started = time.process_time()
    assert statement_matching(cells, "norm", r"a*z") is None  # quadratic in the text searched
    assert statement_matching(cells, "norm", r"ddof=1") == ("norm.py", 4, "sigma = X.std(0, ddof=1)")
    # Unbounded, the first search takes seconds on this text; bounded, milliseconds. Ten seconds of CPU
    # is a bound no busy machine reaches for the bounded work, and far below what the unbounded would take.
    assert time.process_time() - started < 10


def test_a_parameters_default_is_read_with_its_def_line() -> None:
    from graders.judge.source.parsed import parameter_default

    cells = (ParsedCell("update.py", ast.parse("def update(theta, x, y, lr=0.01, *, steps=3):\n    return theta\n")),)
    filename, line, code, default = parameter_default(cells, "update", "lr")
    assert (filename, line, code) == ("update.py", 1, "def update(theta, x, y, lr=0.01, *, steps=3)")
    assert ast.unparse(default) == "0.01"
    assert ast.unparse(parameter_default(cells, "update", "steps")[3]) == "3"
    assert parameter_default(cells, "update", "theta") is None and parameter_default(cells, "other", "lr") is None
