"""Removed JAX names are recognised in the errors students meet, with the modern spelling."""

from __future__ import annotations

import pytest

from graders.judge.explain import explain_error, removed_api_hint
from graders.judge.source.removed_apis import REMOVED_APIS, removed_api_in
from graders.judge.supervisor.replies import ErrorReport


@pytest.mark.parametrize(
    ("error_type", "message", "old", "new"),
    [
        ("AttributeError", "module 'jax' has no attribute 'tree_map'", "jax.tree_map", "jax.tree.map"),
        ("AttributeError", "module 'jax' has no attribute 'tree_multimap'", "jax.tree_multimap", "jax.tree.map"),
        ("AttributeError", "module 'jax.ops' has no attribute 'index_update'", "jax.ops.index_update", ".at[idx].set"),
        ("ImportError", "cannot import name 'index_add' from 'jax.ops' (/x/jax/ops/__init__.py)", "jax.ops.index_add",
         ".at[idx].add"),
        ("ModuleNotFoundError", "No module named 'jax.experimental.optimizers'", "jax.experimental.optimizers",
         "jax.example_libraries.optimizers"),
        ("AttributeError", "module 'jax.numpy' has no attribute 'DeviceArray'", "jax.numpy.DeviceArray", "jax.Array"),
    ],
)
def test_a_removed_name_is_found_with_its_replacement(error_type: str, message: str, old: str, new: str) -> None:
    found = removed_api_in(error_type, message)
    assert found is not None and found.old == old and new in found.new


@pytest.mark.parametrize(
    ("error_type", "message"),
    [("AttributeError", "module 'jax.numpy' has no attribute 'fancy'"), ("NameError", "name 'tree_map' is not defined"),
     ("ModuleNotFoundError", "No module named 'optax'"), ("AttributeError", "'list' object has no attribute 'at'")],
)
def test_other_errors_get_no_removed_api_hint(error_type: str, message: str) -> None:
    assert removed_api_in(error_type, message) is None
    assert removed_api_hint(error_type, message, "en") == ""


def test_every_removed_name_is_a_dotted_jax_name_with_a_replacement() -> None:
    assert len({api.old for api in REMOVED_APIS}) == len(REMOVED_APIS)
    for api in REMOVED_APIS:
        assert api.old.startswith("jax.") and api.new != api.old
        assert api.new or api.aside  # dropped without a replacement: the aside says so
        assert " " not in api.new.replace(", ", ",")  # code only: an aside in prose is a message of its own


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_aside_stays_out_of_the_code_span(lang: str) -> None:
    hint = removed_api_hint("ModuleNotFoundError", "No module named 'jax.experimental.optimizers'", lang)
    assert "`jax.example_libraries.optimizers`" in hint and "optax" in hint.split("`jax.example_libraries")[1]
    dropped = removed_api_hint("AttributeError", "module 'jax.lax' has no attribute 'tie_in'", lang)
    assert "`jax.lax.tie_in`" in dropped and "``" not in dropped


@pytest.mark.parametrize(("message", "new"), [("clip() got an unexpected keyword argument 'a_max'", "max="),
                                              ("clip() got an unexpected keyword argument 'a_min'", "min=")])
def test_a_renamed_keyword_gets_its_new_name(message: str, new: str) -> None:
    assert f"`{new}`" in removed_api_hint("TypeError", message, "en")
    assert removed_api_hint("TypeError", "f() got an unexpected keyword argument 'a_max'", "en") == ""


def test_no_path_of_the_grading_machine_reaches_a_message() -> None:
    error = ErrorReport(type="ImportError", chain=("ImportError",),
                        message="cannot import name 'index_add' from 'jax.ops' "
                                "(/srv/jaxgrade/.venv/lib/python3.12/site-packages/jax/ops/__init__.py)")
    text = explain_error(error, "en")
    assert "/srv" not in text and "site-packages" not in text and "(jax/ops/__init__.py)" in text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_explanation_of_a_raised_error_gives_the_modern_spelling_before_jax_s_words(lang: str) -> None:
    error = ErrorReport(type="AttributeError", message="module 'jax' has no attribute 'tree_map'",
                        chain=("AttributeError",))
    text = explain_error(error, lang)
    raised, hint, quoted = text.split("\n")
    assert hint.rstrip().endswith(("instead.", "쓰세요.")) and "`jax.tree.map(f, tree)`" in hint
    assert quoted.startswith(("JAX/Python says:", "JAX/Python의 설명:"))
