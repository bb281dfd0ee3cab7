"""Removed JAX names are recognised in the errors students meet, with the modern spelling."""

from __future__ import annotations

import pytest

from graders.explain import explain_error, removed_api_hint
from graders.source.removed_apis import REMOVED_APIS, removed_api_in
from graders.supervisor.session import ErrorReport


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
@pytest.mark.unit
def test_a_removed_name_is_found_with_its_replacement(error_type: str, message: str, old: str, new: str) -> None:
    found = removed_api_in(error_type, message)
    assert found is not None and found.old == old and new in found.new


@pytest.mark.parametrize(
    ("error_type", "message"),
    [("AttributeError", "module 'jax.numpy' has no attribute 'fancy'"), ("NameError", "name 'tree_map' is not defined"),
     ("ModuleNotFoundError", "No module named 'optax'"), ("AttributeError", "'list' object has no attribute 'at'")],
)
@pytest.mark.unit
def test_other_errors_get_no_removed_api_hint(error_type: str, message: str) -> None:
    assert removed_api_in(error_type, message) is None
    assert removed_api_hint(error_type, message, "en") == ""


@pytest.mark.unit
def test_every_removed_name_is_a_dotted_jax_name_with_a_replacement() -> None:
    assert len({api.old for api in REMOVED_APIS}) == len(REMOVED_APIS)
    for api in REMOVED_APIS:
        assert api.old.startswith("jax.") and api.new and api.new != api.old


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.unit
def test_the_explanation_of_a_raised_error_ends_with_the_modern_spelling(lang: str) -> None:
    error = ErrorReport(type="AttributeError", message="module 'jax' has no attribute 'tree_map'",
                        chain=("AttributeError",))
    text = explain_error(error, lang)
    assert text.rstrip().endswith(("instead.", "쓰세요."))
    assert "`jax.tree.map(f, tree)`" in text
