"""Settings a notebook changes for its own code do not reach the grader's own work in the worker:
JAX's promotion rules for the grader's programs (both_sides/semantics.py), and the persistent
compilation cache (worker/persistent_cache.py). Each file of `honest/settings_*` grades whole in
test_honest.py; these pin the two mechanisms in process."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental.compilation_cache.compilation_cache import reset_cache

from graders.both_sides.semantics import with_default_semantics
from graders.both_sides.timed_inputs import input_generator
from graders.worker.persistent_cache import CacheSettings


def _formula(X):  # noqa: N803 - the exercise's own name for it
    return (X - X.mean(0)) / X.std(0)


@pytest.mark.parametrize(("setting", "value"), [("jax_numpy_rank_promotion", "raise"),
                                                 ("jax_numpy_dtype_promotion", "strict")])
def test_a_program_of_the_graders_traces_under_jaxs_defaults_whatever_the_notebook_set(setting, value) -> None:
    X = jnp.arange(12.0, dtype=jnp.float32).reshape(4, 3)
    expected = np.asarray(jax.jit(_formula)(X))
    before = jax.config.values[setting]
    jax.config.update(setting, value)
    try:
        if setting == "jax_numpy_rank_promotion":
            with pytest.raises(ValueError, match="rank_promotion"):
                jax.jit(_formula)(X)  # what the notebook's own code meets, as it asked
        pinned = jax.jit(with_default_semantics(_formula))
        np.testing.assert_array_equal(np.asarray(pinned(X)), expected)
        assert input_generator((4, 3))(7).shape == (4, 3)
    finally:
        jax.config.update(setting, before)


def test_the_cache_settings_the_cells_changed_are_put_back_and_only_those(tmp_path) -> None:
    names = ("jax_compilation_cache_dir", "jax_persistent_cache_min_compile_time_secs")
    original = {name: jax.config.values[name] for name in names}
    settings = CacheSettings()
    assert settings.restore() == ()  # nothing changed: nothing done
    try:
        jax.config.update("jax_compilation_cache_dir", str(tmp_path))
        # A value other than the one in force (the test session's own cache may have set 0 already).
        quick = 0.001 if original["jax_persistent_cache_min_compile_time_secs"] == 0.0 else 0.0
        jax.config.update("jax_persistent_cache_min_compile_time_secs", quick)
        reset_cache()  # as in a worker, where the cells' first compilation opens the cache
        jax.jit(lambda x: x * 3 + 1)(jnp.ones(5)).block_until_ready()
        assert any(tmp_path.iterdir()), "the notebook's cache was not opened: the test shows nothing"
        assert settings.restore() == names
        assert {name: jax.config.values[name] for name in names} == original
        entries = sorted(tmp_path.iterdir())
        jax.jit(lambda x: x * 5 - 2)(jnp.ones(7)).block_until_ready()  # a new program, compiled after
        assert sorted(tmp_path.iterdir()) == entries
    finally:
        for name, value in original.items():
            jax.config.update(name, value)
        settings.restore()
