"""The line that changes an argument in place, and the fix that fits it, read from the source."""

from __future__ import annotations

import ast

import pytest

from graders.judge.source.mutations import mutation_sites
from graders.judge.source.parsed import ParsedCell

SOURCE = '''
def update(theta, x, idx, u, items, grads):
    theta -= 0.1 * grads
    x[idx] += u
    x[0] = 5.0
    x[1:3] -= u + 1
    x[idx] *= 2
    items.append(3)
    fresh = x + 1
    return fresh
'''


def _sites(argument: str) -> list[tuple[int, str, str]]:
    cells = (ParsedCell("update.py", ast.parse(SOURCE)),)
    return [(site.line, site.code, site.fix) for site in mutation_sites(cells, "update", argument)]


def test_each_in_place_change_gets_the_line_and_the_fix_for_it() -> None:
    assert _sites("theta") == [(3, "theta -= 0.1 * grads", "theta = theta - (0.1 * grads)")]
    assert _sites("x") == [(4, "x[idx] += u", "x = x.at[idx].add(u)"), (5, "x[0] = 5.0", "x = x.at[0].set(5.0)"),
                           (6, "x[1:3] -= u + 1", "x = x.at[1:3].add(-(u + 1))"),
                           (7, "x[idx] *= 2", "x = x.at[idx].multiply(2)")]
    # A container changed by a method: no one line replaces it, the message says to build a new one.
    assert _sites("items") == [(8, "items.append(3)", "")]


def test_reading_an_argument_or_binding_a_new_name_is_not_a_change() -> None:
    assert _sites("u") == [] and _sites("grads") == [] and _sites("fresh") == []


def test_the_last_definition_in_the_notebook_is_the_one_read() -> None:
    first = ParsedCell("cell-1", ast.parse("def f(x):\n    x[0] = 1\n"))
    second = ParsedCell("cell-2", ast.parse("def f(x):\n    return x\n"))
    assert mutation_sites((first, second), "f", "x") == []
    assert mutation_sites((second, first), "f", "x")[0].filename == "cell-1"


SHALLOW = '''
def sgd_step(params, grads, lr):
    new = params.copy()
    alias = params
    merged = {**params}
    new["scale"] = new["scale"] - lr
    new["dense"]["w"] = new["dense"]["w"] - lr
    merged["dense"]["b"] -= lr
    alias["top"] = 0
    return new
'''


def test_a_shallow_copy_changes_the_caller_only_through_what_it_shares() -> None:
    cells = (ParsedCell("step.py", ast.parse(SHALLOW)),)
    sites = [(site.line, site.fix) for site in mutation_sites(cells, "sgd_step", "params")]
    # new["scale"] = ... replaces a key of the copy: the caller's dict is untouched, so not listed.
    assert sites == [(7, ""), (8, ""), (9, "alias = alias.at['top'].set(0)")]


@pytest.mark.parametrize(("code", "fix"), [
    ("x[i] += v", "x = x.at[i].add(v)"),  # not `.set`: a repeated index must add every update
    ("x[i] = v", "x = x.at[i].set(v)"),
    ("out[idx] -= 2 * u", "out = out.at[idx].add(-(2 * u))"),
    ("return x", None),
    ("x += 1", None),
])
def test_an_item_assignment_line_gets_its_own_at_form(code: str, fix: str | None) -> None:
    from graders.judge.source.mutations import item_assignment_fix

    assert item_assignment_fix(code) == fix


ITEM_SOURCE = '''
import jax

def sgd_step(params, grads, lr):
    def step(p, g):
        p -= lr * g
        return p
    return jax.tree_util.tree_map(step, params, grads)

def loop_step(params, grads, lr):
    for p, g in zip(params.values(), grads.values()):
        p -= lr * g
    return params

def fresh_step(params, grads, lr):
    def step(p, g):
        q = p - lr * g
        return q
    return jax.tree.map(step, params, grads)
'''


def _item_sites(function: str) -> list[tuple[int, str, str, bool]]:
    cells = (ParsedCell("step.py", ast.parse(ITEM_SOURCE)),)
    return [(site.line, site.code, site.fix, site.on_item) for site in mutation_sites(cells, function, "params")]


def test_a_leaf_changed_in_place_through_a_mapped_function_or_a_loop_is_found_with_its_own_fix() -> None:
    # Session 36's wrong-answer helper: `p -= lr * g` inside the function `tree_map` runs on each leaf got no line.
    assert _item_sites("sgd_step") == [(6, "p -= lr * g", "p = p - (lr * g)", True)]
    assert _item_sites("loop_step") == [(12, "p -= lr * g", "p = p - (lr * g)", True)]
    assert _item_sites("fresh_step") == []
