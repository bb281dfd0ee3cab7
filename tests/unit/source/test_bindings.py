"""How the judge reads the binding of a graded name: jit, plain, or unreadable, with its line."""

from __future__ import annotations

import pytest

from graders.judge.source import jit_binding, parse_cells
from graders.judge.submission import submission_from_bytes


def _binding(source: str, name: str = "norm"):  # type: ignore[no-untyped-def]
    return jit_binding(parse_cells(submission_from_bytes("s.py", source.encode())), name)


@pytest.mark.parametrize(("source", "kind", "line"), [
    ("import jax\n@jax.jit\ndef norm(X):\n    return X\n", "jit", 2),
    ("from jax import jit\n@jit\ndef norm(X):\n    return X\n", "jit", 2),
    ("import jax as jx\ndef f(X):\n    return X\nnorm = jx.jit(f)\n", "jit", 4),
    ("from functools import partial\nimport jax\n@partial(jax.jit, static_argnames='n')\n"
     "def norm(X, n):\n    return X\n",
     "jit", 3),
    ("import functools, jax\n@functools.partial(jax.jit, static_argnums=1)\ndef norm(X, n):\n    return X\n", "jit", 2),
    ("import jax\n@jax.jit(static_argnames='n')\ndef norm(X, n):\n    return X\n", "jit", 2),
    ("import jax\n@jax.jit\ndef _norm(X):\n    return X\nnorm = _norm\n", "jit", 5),
    ("import numpy as np\ndef norm(X):\n    return np.asarray(X)\n", "plain", 2),
    ("def _n(X):\n    return X\n_n.lower = None\n_n.__wrapped__ = _n\nnorm = _n\n", "plain", 5),
    ("import jax\n@jax.jit\ndef norm(X):\n    return X\nglobals()['norm'] = lambda X: X\n", "unreadable", 5),
    ("class PjitFunction:\n    pass\nnorm = PjitFunction()\n", "unreadable", 3),
    ("import jax\njax = None\n@jax.jit\ndef norm(X):\n    return X\n", "unreadable", 3),
    ("import functools, jax\n@functools.lru_cache\n@jax.jit\ndef norm(X):\n    return X\n", "unreadable", 2),
    ("x = 1\n", "missing", 0),
    # A factory every return of which is `jax.jit(...)`: the object bound is a jit wrapper.
    ("import jax\ndef make(s):\n    def f(X):\n        return X * s\n    return jax.jit(f)\nnorm = make(2.0)\n",
     "jit", 6),
    # One return of something else, and it may be anything.
    ("import jax\ndef make(s):\n    def f(X):\n        return X\n    if s:\n        return f\n    return jax.jit(f)\n"
     "norm = make(1)\n", "unreadable", 8),
])
def test_binding(source: str, kind: str, line: int) -> None:
    binding = _binding(source)
    assert (binding.kind, binding.line) == (kind, line), binding


def test_the_last_binding_across_cells_wins() -> None:
    notebook = ('{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": ['
                '{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, '
                '"source": "import jax\\n@jax.jit\\ndef norm(X):\\n    return X\\n"},'
                '{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, '
                '"source": "def norm(X):\\n    return X\\n"}]}')
    cells = parse_cells(submission_from_bytes("n.ipynb", notebook.encode()))
    binding = jit_binding(cells, "norm")
    assert (binding.kind, binding.filename, binding.line) == ("plain", "cell 2", 1)
