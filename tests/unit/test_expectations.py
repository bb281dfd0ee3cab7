"""The test suite's own reading of which exercises a file answers (tests/expectations.py): the names it
binds at module level, never a method or a library attribute of the same name."""

from __future__ import annotations

import json
from pathlib import Path

from ..expectations import bound_names


def _notebook(path: Path, *sources: object) -> Path:
    cells = [{"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}
             for source in sources]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_definitions_assignments_and_imports_bind_names(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_text("import jax.numpy as jnp\nfrom jax.nn import relu as activation\n\n"
                      "def norm(X):\n    flatten = 1\n    return X.flatten()\n\n"
                      "negatives = jax.jit(lambda x: x)\nif True:\n    maybe_negate: object = None\n"
                      "try:\n    pass\nexcept Exception:\n    update = 2\n")
    assert bound_names(source) == {"jnp", "activation", "norm", "negatives", "maybe_negate", "update"}


def test_a_notebook_binds_in_any_cell_whatever_its_magics_or_how_its_source_is_stored(tmp_path: Path) -> None:
    notebook = _notebook(tmp_path / "n.ipynb", "%%time\nimport numpy as np\ndef norm(X):\n    return X\n",
                         ["!pip list\n", "flatten = np.ravel\n"], "y = x.negatives() + jnp.linalg.norm(x)")
    assert bound_names(notebook) == {"np", "norm", "flatten", "y"}


def test_a_cell_that_does_not_parse_is_read_line_by_line(tmp_path: Path) -> None:
    notebook = _notebook(tmp_path / "n.ipynb", "def norm(X):\n    return X +\n\nflatten = 1\n  negatives = 2\n")
    assert bound_names(notebook) == {"norm", "flatten"}
