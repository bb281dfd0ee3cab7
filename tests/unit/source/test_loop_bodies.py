"""The definition behind a loop's error: the body a `lax` loop or `vmap` was given (first-contact round 49)."""

from __future__ import annotations

import ast

from graders.judge.explain import hint_key
from graders.judge.source.loop_bodies import loop_body_behind
from graders.judge.source.parsed import ParsedCell
from graders.judge.supervisor.replies import ErrorReport

_SOURCE = """\
from jax import lax
import jax.numpy as jnp

def horner(coeffs, x):
    def body(acc, i):
        return acc * x + coeffs[i]
    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))

def scanned(coeffs, x):
    def step(acc, c):
        return acc * x + c
    acc, _ = lax.scan(step, jnp.zeros_like(x), coeffs)
    return acc
"""
_CELLS = (ParsedCell("f.py", ast.parse(_SOURCE)),)


def test_an_error_inside_a_loop_body_points_at_the_body_s_definition() -> None:
    body = loop_body_behind(_CELLS, "f.py", 6)
    assert body is not None and (body.loop, body.line, body.signature) == ("fori_loop", 5, "def body(acc, i):")


def test_an_error_raised_at_the_loop_call_points_at_the_function_it_was_given() -> None:
    body = loop_body_behind(_CELLS, "f.py", 12)
    assert body is not None and (body.loop, body.line, body.signature) == ("scan", 10, "def step(acc, c):")


def test_a_line_outside_any_loop_has_no_body_behind_it() -> None:
    assert loop_body_behind(_CELLS, "f.py", 2) is None
    assert loop_body_behind(_CELLS, "other.py", 6) is None


def test_jax_s_loop_errors_get_sentences_of_their_own() -> None:
    def key(message: str) -> str | None:
        return hint_key(ErrorReport("TypeError", ("TypeError",), message, "f.py", 6, "x"))

    assert key("scan body output must be a pair, got float32[4].") == "hint.scan_pair"
    assert key("Indexer must have integer or boolean type, got indexer with type float32") == "hint.float_index"
    assert key("body_fun output and input must have identical types, got\n...") == "hint.loop_types"
    assert key("vmap got inconsistent sizes for array axes to be mapped:\n...") == "hint.vmap_sizes"
    assert key("Incompatible shapes for broadcasting: shapes=[(3,), (4,)]") == "hint.broadcast"


def test_a_loop_body_that_reads_the_loops_starting_value_is_found() -> None:
    # Held-out round 36b (rv_d): the gradient taken at the outer `theta`, not at the carry `t`.
    from graders.judge.source.loop_bodies import stale_start

    source = '''
import jax
from jax import lax

def fit(theta, X, y, lr, steps):
    def step(_, t):
        return t - lr * jax.grad(loss)(theta, X, y)
    return lax.fori_loop(0, steps, step, theta)

def good(theta, X, y, lr, steps):
    def step(_, t):
        return t - lr * jax.grad(loss)(t, X, y)
    return lax.fori_loop(0, steps, step, theta)
'''
    cells = (ParsedCell("fit.py", ast.parse(source)),)
    found = stale_start(cells, "fit")
    assert found is not None and (found.line, found.body, found.start, found.carry, found.loop) == (
        7, "step", "theta", "t", "fori_loop")
    assert stale_start(cells, "good") is None
