"""A transformation's own argument that differs from the reference's, read from both sources."""

from __future__ import annotations

import ast

import pytest

from graders.judge.source.parsed import ParsedCell
from graders.judge.source.transform_arguments import differing_transform_argument

REFERENCE = '''
import jax
from jax import lax

def loss(theta, x, y):
    return (theta[0] * x + theta[1] - y) ** 2

def per_example(theta, x, y):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(theta, x, y)

def horner(coeffs, x):
    return lax.fori_loop(0, coeffs.shape[0], lambda i, acc: acc * x + coeffs[i], x * 0)
'''


_HEAD = "import jax\n\ndef loss(theta, x, y):\n    return 0.0\n\ndef per_example(theta, x, y):\n"


def _found(student: str, function: str) -> tuple[int, str, str, str] | None:
    found = differing_transform_argument((ParsedCell("s.py", ast.parse(student)),),
                                         (ParsedCell("r.py", ast.parse(REFERENCE)),), function)
    return None if found is None else (found.line, found.argument, found.written, found.expected)


@pytest.mark.parametrize(("call", "expected"), [
    ("jax.vmap(jax.grad(loss), in_axes=(None, 0, None))(theta, x, y)", ("in_axes", "(None, 0, None)", "(None, 0, 0)")),
    ("jax.vmap(jax.grad(loss), in_axes=(None, 0, 0), out_axes=1)(theta, x, y)", ("out_axes", "1", "0")),
    ("jax.vmap(jax.grad(loss, argnums=1), in_axes=(None, 0, 0))(theta, x, y)", ("argnums", "1", "0")),
])
def test_an_argument_that_changes_what_is_computed_is_named(call: str, expected: tuple[str, str, str]) -> None:
    student = f"{_HEAD}    return {call}\n"
    assert _found(student, "per_example") == (7, *expected)


@pytest.mark.parametrize("call", [
    "jax.vmap(jax.grad(loss), in_axes=[None, 0, 0])(theta, x, y)",  # a list reads as the tuple
    "jax.vmap(jax.grad(loss, argnums=0), (None, 0, 0), 0)(theta, x, y)",  # defaults written out, by position
])
def test_the_same_arguments_written_differently_are_not(call: str) -> None:
    student = f"{_HEAD}    return {call}\n"
    assert _found(student, "per_example") is None


def test_a_loop_bound_counts_only_as_the_inclusive_bound_slip() -> None:
    body = "def horner(coeffs, x):\n    k = coeffs.shape[0]\n    return lax.fori_loop({bounds}, lambda i, a: a, x)\n"
    head = "from jax import lax\n\n"
    assert _found(head + body.format(bounds="1, k - 1"), "horner") == (5, "upper", "k - 1", "coeffs.shape[0]")
    assert _found(head + body.format(bounds="1, k"), "horner") is None  # another start, a matching initial value
    assert _found(head + body.format(bounds="0, len(coeffs)"), "horner") is None


def test_a_transformation_of_another_function_is_not_compared() -> None:
    # The reference maps `jax.grad(loss)`; a vmap over a lambda computes something else entirely.
    call = "jax.vmap(lambda xi, yi: theta[0] * xi - yi)(x, y)"
    assert _found(f"{_HEAD}    return {call}\n", "per_example") is None
