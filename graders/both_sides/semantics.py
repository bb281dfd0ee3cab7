"""JAX's settings that change what a program means, pinned for the grader's own programs.

A notebook may set `jax_numpy_rank_promotion` to "raise" or `jax_numpy_dtype_promotion` to "strict"
for its own code, as JAX's documentation suggests for catching broadcasting and promotion mistakes.
JAX reads both while it traces a program, from global settings, so a program of the grader's own
traced afterwards in that worker would follow them too: the exercise's public formula that
`jit_speedup` calibrates with, the timed inputs, the outputs' digests. One that broadcasts then fails
where the student's code is right (honest class, session 26: a `norm` written with `keepdims` failed
`jit_speedup` because the formula `(X - X.mean(0)) / X.std(0)` raised under "raise"). A program wrapped
here traces under JAX's defaults whatever the notebook set; the student's own functions keep its settings.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jax

__all__ = ["with_default_semantics"]

# Bound when this module is imported, before any submission code runs in the worker.
_rank_promotion = jax.numpy_rank_promotion
_dtype_promotion = jax.numpy_dtype_promotion


def with_default_semantics(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function`, run under JAX's default rank and dtype promotion. Meant to be wrapped in `jax.jit`:
    the settings are read while tracing, so a compiled call pays nothing for them."""

    @functools.wraps(function)
    def pinned(*args: Any, **kwargs: Any) -> Any:
        with _rank_promotion("allow"), _dtype_promotion("standard"):
            return function(*args, **kwargs)

    return pinned
