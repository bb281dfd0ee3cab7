"""Reading past the graded name: helpers it calls, `name = jax.jit(helper)`, and jits built inside."""

from __future__ import annotations

import ast

from graders.judge.source.jit_sites import jit_built_inside
from graders.judge.source.parsed import (
    ParsedCell,
    definition_of,
    reached_definitions,
    single_return,
    statement_matching,
)
from graders.judge.source.traced_origin import traced_origin

SOURCE = '''import jax
import jax.numpy as jnp


def _standardise(X):
    mu = X.mean(axis=1, keepdims=True)
    return (X - mu) / _spread(X)


def _spread(X):
    return X.std(axis=1, keepdims=True)


norm = jax.jit(_standardise)


def horner(coeffs, x):
    @jax.jit
    def run(c, v):
        return c[0] * v

    return run(coeffs, x)


def negate(x, neg):
    if neg:
        return jax.jit(jnp.negative)(x)
    return x


def flatten(x):
    n = jnp.array(x.shape).prod()
    m = 3
    return jnp.reshape(x, (n,))
'''
CELLS = (ParsedCell("sub.py", ast.parse(SOURCE)),)


def test_a_name_bound_by_jax_jit_is_read_as_the_function_it_wraps() -> None:
    found = definition_of(CELLS, "norm")
    assert found is not None and found[1].name == "_standardise"
    assert [d.name for _, d in reached_definitions(CELLS, "norm")] == ["_standardise", "_spread"]
    assert single_return(CELLS, "norm") == ("sub.py", 7, "return (X - mu) / _spread(X)")


def test_a_marker_is_looked_for_in_the_helpers_after_the_function() -> None:
    assert statement_matching(CELLS, "norm", r"\.std\(") == ("sub.py", 11, "return X.std(axis=1, keepdims=True)")
    assert statement_matching(CELLS, "norm", r"axis=1")[1] == 6  # the function's own line comes first


def test_a_jit_built_inside_the_function_is_found_at_its_decorator_or_call() -> None:
    assert jit_built_inside(CELLS, "horner") == ("sub.py", 18, "@jax.jit def run")
    assert jit_built_inside(CELLS, "negate") == ("sub.py", 27, "return jax.jit(jnp.negative)(x)")
    assert jit_built_inside(CELLS, "flatten") is None


def test_the_line_that_made_a_shape_traced_is_found_from_the_line_that_raised() -> None:
    assert traced_origin(CELLS, "sub.py", 34) == (32, "n = jnp.array(x.shape).prod()", "n")
    assert traced_origin(CELLS, "sub.py", 33) is None  # `m = 3` uses no traced name
    assert traced_origin(CELLS, "other.py", 34) is None
