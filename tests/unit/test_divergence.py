"""The first step where the student's values part from the reference's (graders/judge/divergence.py),
on values the student's and the reference's programs really compute (graders/worker/values.py)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from graders.both_sides.intermediates import intermediate_values
from graders.judge.divergence import first_divergence
from graders.judge.supervisor.replies import IntermediateNode, Intermediates

X = jnp.asarray(np.arange(12, dtype=np.float32).reshape(4, 3) ** 1.5)


def _reference(X: jnp.ndarray) -> jnp.ndarray:
    return (X - X.mean(0)) / X.std(0)


def _by_variance(X: jnp.ndarray) -> jnp.ndarray:
    mu = X.mean(0)
    scale = X.var(0)
    return (X - mu) / scale


def _by_moments(X: jnp.ndarray) -> jnp.ndarray:
    # Right, computed another way: E[x^2] - E[x]^2 matches nothing of the reference, yet what it
    # feeds (the spread) does again.
    mu = X.mean(0)
    spread = jnp.sqrt((X ** 2).mean(0) - mu ** 2)
    centred = X - mu
    return centred / spread * 2


def _nodes(function, filenames=None) -> Intermediates:  # type: ignore[no-untyped-def]
    nodes, outputs = intermediate_values(function, (), (X,), {}, filenames)
    return Intermediates(tuple(IntermediateNode(f, line, tuple(inputs), value, tuple(body))
                               for f, line, inputs, value, body in nodes),
                         tuple(outputs))


def _reference_values() -> list[np.ndarray | None]:
    nodes, _ = intermediate_values(_reference, (), (X,), {}, None)
    return [value for _, _, inputs, value, _ in nodes if inputs]


def _line(function, text: str) -> int:  # type: ignore[no-untyped-def]
    import inspect

    lines, start = inspect.getsourcelines(function)
    return start + next(i for i, line in enumerate(lines) if text in line)


def test_the_step_that_uses_the_variance_is_found_with_the_lines_it_takes_from() -> None:
    found = first_divergence(_nodes(_by_variance, {__file__}), _reference_values())
    assert found is not None
    assert (found.filename, found.line) == (__file__, _line(_by_variance, "return (X - mu) / scale"))
    assert found.input_lines == (_line(_by_variance, "mu = X.mean(0)"), _line(_by_variance, "scale = X.var(0)"))


def test_a_right_value_computed_another_way_is_not_blamed() -> None:
    found = first_divergence(_nodes(_by_moments, {__file__}), _reference_values())
    assert found is not None and found.line == _line(_by_moments, "return centred / spread * 2")


def test_a_right_answer_has_no_divergence() -> None:
    assert first_divergence(_nodes(_reference, {__file__}), _reference_values()) is None


def test_a_forged_report_is_read_without_error() -> None:
    forged = Intermediates((IntermediateNode("x.py", 3, (), np.ones(2, np.float32)),
                            IntermediateNode("x.py", 4, (0,), None)), (1, 0))
    assert first_divergence(forged, []) == first_divergence(forged, [])


def _centre_on_targets(X: jnp.ndarray) -> jnp.ndarray:
    targets = jnp.reshape(X, (-1, 1))
    err = jnp.ravel(X) - targets
    return (X - X.mean(0)) / X.std(0) + jnp.abs(err).mean()


def test_a_column_against_a_row_is_found_where_it_broadcasts_with_the_line_that_made_the_column() -> None:
    found = first_divergence(_nodes(_centre_on_targets, {__file__}), _reference_values())
    assert found is not None and found.broadcast is not None
    assert found.line == _line(_centre_on_targets, "err = jnp.ravel(X) - targets")  # not the reshape alone
    assert found.broadcast.result == (12, 12)
    assert sorted(found.broadcast.shapes) == [(12,), (12, 1)]
    assert found.broadcast.stretched_line == _line(_centre_on_targets, "targets = jnp.reshape")
