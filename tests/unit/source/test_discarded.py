"""A statement that drops the value of a pure JAX call, read from the source."""

from __future__ import annotations

import ast

import pytest

from graders.judge.source.discarded import discarded_result
from graders.judge.source.parsed import ParsedCell


def _found(source: str, function: str = "f") -> tuple[int, str, str] | None:
    found = discarded_result((ParsedCell("f.py", ast.parse(source)),), function)
    return None if found is None else (found.line, found.code, found.fix)


@pytest.mark.parametrize(("body", "expected"), [
    ("    out = jnp.asarray(x)\n    out.at[i].set(v)\n    return out\n",
     (5, "out.at[i].set(v)", "out = out.at[i].set(v)")),
    ("    x.at[i].add(v)\n    return x\n", (4, "x.at[i].add(v)", "x = x.at[i].add(v)")),
    ("    jnp.append(x, 1.0)\n    return x\n", (4, "jnp.append(x, 1.0)", "result = jnp.append(x, 1.0)")),
    ("    self.x.at[0].set(1)\n    return x\n", (4, "self.x.at[0].set(1)", "return self.x.at[0].set(1)")),
])
def test_a_dropped_value_is_found_with_the_statement_that_keeps_it(body: str, expected: tuple[int, str, str]) -> None:
    assert _found(f"import jax.numpy as jnp\n\ndef f(x, i, v):\n{body}") == expected


@pytest.mark.parametrize("body", [
    "    x = x.at[i].set(v)\n    return x\n",
    "    return x.at[i].set(v)\n",
    "    print(x)\n    items.append(v)\n    return x\n",
    "    np.add(x, 1, out=x)\n    return x\n",  # NumPy writes in place: another lesson, not this one
    "    jax.debug.print('{}', x)\n    return x\n",
])
def test_kept_values_and_calls_made_for_their_effect_are_not(body: str) -> None:
    assert _found(f"import jax\nimport numpy as np\n\ndef f(x, i, v, items):\n{body}") is None


def test_a_local_name_that_shadows_jnp_is_not_jax() -> None:
    assert _found("def f(x):\n    jnp = []\n    jnp.append(x)\n    return x\n") is None


def test_the_last_stacked_output_of_a_scan_whose_carry_is_dropped_is_found_at_the_return() -> None:
    source = ("from jax import lax\n\ndef f(c, x):\n    def step(acc, k):\n        return acc * x + k, acc\n"
              "    _, history = lax.scan(step, x * 0, c)\n    return history[-1]\n")
    found = discarded_result((ParsedCell("f.py", ast.parse(source)),), "f")
    assert found is not None and (found.line, found.kind) == (7, "scan_carry")
    assert found.fix == "carry, _ = lax.scan(step, x * 0, c)"
    kept = source.replace("_, history", "carry, history").replace("history[-1]", "carry")
    assert discarded_result((ParsedCell("f.py", ast.parse(kept)),), "f") is None
