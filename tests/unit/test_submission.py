"""Reading submissions in the judge: notebooks and .py files, never executing them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from graders.judge.submission import SubmissionError, read_submission


def test_notebook_code_cells_keep_their_positions_and_grade_ids(tmp_path: Path) -> None:
    book = new_notebook(cells=[new_markdown_cell("# hi"), new_code_cell("x = 1"), new_code_cell("%time y = 2")])
    book.cells[1].metadata["nbgrader"] = {"grade_id": "answer"}
    path = tmp_path / "s.ipynb"
    nbformat.write(book, path)
    submission = read_submission(path)
    assert [(c.index, c.filename, c.grade_id) for c in submission.cells] == [(2, "cell 2", "answer"), (3, "cell 3", "")]
    assert submission.cells[1].source == "y = 2\n"  # `%time` wraps a statement: the statement runs
    assert submission.module_name == "__main__"


def test_a_notebook_cell_is_numbered_as_jupyter_shows_it(tmp_path: Path) -> None:
    """Its prompt's count when the notebook was saved after running (`[2]`), else its place among the
    code cells: "cell 5" once counted the markdown cells, which the student never sees numbered."""
    ran = new_code_cell("def norm(X):\n    return X", execution_count=2)
    book = new_notebook(cells=[new_markdown_cell("# a"), new_code_cell("import jax"), new_markdown_cell("# b"),
                               new_markdown_cell("# c"), ran, new_code_cell("norm(1)")])
    path = tmp_path / "s.ipynb"
    nbformat.write(book, path)
    submission = read_submission(path)
    assert submission.place("cell 5", "en") == 'the cell that starts with "def norm(X):" (shown as [2])'
    assert submission.place("cell 6", "en") == 'the cell that starts with "norm(1)" (code cell 3)'
    assert submission.place("cell 5", "ko") == '"def norm(X):"로 시작하는 셀([2]로 표시된 셀)'


@pytest.mark.parametrize(("cell", "python"), [
    # A cell magic that wraps Python runs its body once, on the lines where the student wrote it.
    ("%%time\ndef norm(X):\n    return X\n", "\ndef norm(X):\n    return X\n"),
    ("%%timeit\nnorm(X)\n", "\nnorm(X)\n"),
    ("\n%%capture out\nimport numpy as np\n", "\n\nimport numpy as np\n"),
    ("%%capture\n%%time\nx = 1\n%time y = 2\n", "\n\nx = 1\ny = 2\n"),
    ("%%prun -s cumulative\nx = 1\n", "\nx = 1\n"),
    # A line magic that takes a statement runs the statement, or gives its value.
    ("%time x = f()\n", "x = f()\n"),
    ("y = %time f()\n", "y = (f())\n"),
    ("def g():\n    %time z = f()\n    return z\n", "def g():\n    z = f()\n    return z\n"),
    # Magics with no Python meaning, and timing options, are IPython's calls, which the worker ignores.
    ("%%bash\necho hi\n", "get_ipython().run_cell_magic('bash', '', 'echo hi\\n')\n"),
    ("%%writefile helper.py\nx = 1\n", "get_ipython().run_cell_magic('writefile', 'helper.py', 'x = 1\\n')\n"),
    ("%%html\n<b>hi</b>\n", "get_ipython().run_cell_magic('html', '', '<b>hi</b>\\n')\n"),
    ("%timeit -n 3 f()\n!ls\n%matplotlib inline\n", "get_ipython().run_line_magic('timeit', '-n 3 f()')\n"
     "get_ipython().system('ls')\nget_ipython().run_line_magic('matplotlib', 'inline')\n"),
    ("%pip install tqdm\n", "get_ipython().run_line_magic('pip', 'install tqdm')\n"),
    # A body that does not parse keeps its lines, for the worker to report.
    ("%%time\ndef broken(:\n", "\ndef broken(:\n"),
    # A script exported by nbconvert keeps a wrapping cell magic as IPython's call: its body runs, where it stood.
    ("get_ipython().run_cell_magic('time', '', 'def norm(X):\\n    return X\\n')\n", "def norm(X):\n    return X\n"),
    ("x = 1\nget_ipython().run_cell_magic('capture', 'out', 'import numpy as np')\ny = 2\n",
     "x = 1\nimport numpy as np\ny = 2\n"),
    ("get_ipython().run_cell_magic('bash', '', 'echo hi\\n')\n",
     "get_ipython().run_cell_magic('bash', '', 'echo hi\\n')\n"),
])
def test_magics_become_the_python_they_wrap(cell: str, python: str) -> None:
    from graders.judge.magics import WRAPPING_CELL_MAGICS, without_magics

    assert without_magics(cell) == python
    from IPython.core.magics import ExecutionMagics

    assert WRAPPING_CELL_MAGICS <= set(ExecutionMagics.magics["cell"])  # IPython's own, that run Python


def test_python_files_are_imported_as_a_module(tmp_path: Path) -> None:
    path = tmp_path / "answer.py"
    path.write_text("def f():\n    return 1\n")
    submission = read_submission(path)
    assert submission.kind == "python" and submission.module_name == "submission"
    assert [cell.filename for cell in submission.cells] == ["answer.py"] and submission.unit == "file"


def _cells(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    """(offset, source without its padding) of each cell, checking that every line sits where the file has it."""
    path = tmp_path / "answer.py"
    path.write_text(text)
    submission = read_submission(path)
    lines = text.splitlines()
    for cell in submission.cells:
        assert cell.filename == "answer.py" and cell.source.startswith("\n" * cell.offset)
        for number, line in enumerate(cell.source.splitlines(), start=1):
            assert not line.strip() or line == lines[number - 1]
            if line.strip():
                assert submission.source_line("answer.py", number) == line.strip()
    return [(cell.offset, cell.source[cell.offset:]) for cell in submission.cells]


def test_a_python_file_splits_at_percent_markers(tmp_path: Path) -> None:
    text = ("from tqdm import tqdm\n# %%\ndef f():\n    return 1\n# %% [markdown]\n# Notes\n"
            "#%% A title\n# %%time\nx = f()\n")
    assert _cells(tmp_path, text) == [(0, "from tqdm import tqdm\n"), (1, "# %%\ndef f():\n    return 1\n"),
                                      (6, "#%% A title\n# %%time\nx = f()\n")]


def test_a_python_file_without_markers_is_one_cell_per_top_level_statement(tmp_path: Path) -> None:
    text = ("# a comment\nimport jax\nfrom tqdm import tqdm\n\n\n@jax.jit\ndef f(x):\n    return x\n"
            "a = 1; b = 2\nif __name__ == '__main__':\n    print(f(a))\n")
    assert _cells(tmp_path, text) == [(1, "import jax\n"), (2, "from tqdm import tqdm\n"),
                                      (5, "@jax.jit\ndef f(x):\n    return x\n"), (8, "a = 1; b = 2\n"),
                                      (9, "if __name__ == '__main__':\n    print(f(a))\n")]


def test_a_python_file_that_does_not_parse_splits_at_its_definitions(tmp_path: Path) -> None:
    text = "import jax\n\ndef broken(:\n    pass\n\n@jax.jit\ndef fine(x):\n    return x\n"
    assert _cells(tmp_path, text) == [(0, "import jax\n\n"), (2, "def broken(:\n    pass\n\n"),
                                      (5, "@jax.jit\ndef fine(x):\n    return x\n")]


def test_a_python_file_of_many_statements_shares_cells_within_a_budget(tmp_path: Path) -> None:
    path = tmp_path / "long.py"
    path.write_text("".join(f"x{number} = {number}\n" for number in range(20_000)))
    cells = read_submission(path).cells
    assert 1 < len(cells) <= 500 and sum(len(cell.source) for cell in cells) < 6_000_000


def test_unparseable_ipython_is_left_for_the_worker_to_report(tmp_path: Path) -> None:
    book = new_notebook(cells=[new_code_cell("def f(:\n    %time 1")])
    path = tmp_path / "s.ipynb"
    nbformat.write(book, path)
    assert read_submission(path).cells[0].source.startswith("def f(:")


@pytest.mark.parametrize(
    ("name", "content", "phrase"),
    [
        ("a.ipynb", b"\xff\xfe\x00", "not UTF-8"),
        ("a.ipynb", b"[1, 2]", "not a Jupyter notebook"),
        ("a.ipynb", b'{"nbformat": 4}', "not a Jupyter notebook"),
        ("a.ipynb", b'{"nbformat": 9, "cells": []}', "not a Jupyter notebook"),
        ("a.md", b"# notes", "not a notebook"),
    ],
)
def test_unusable_files_raise_one_line_errors(tmp_path: Path, name: str, content: bytes, phrase: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(SubmissionError) as error:
        read_submission(path)
    assert phrase in str(error.value) and "\n" not in str(error.value)


def test_older_notebook_formats_are_converted(tmp_path: Path) -> None:
    version3 = {"nbformat": 3, "nbformat_minor": 0, "metadata": {},
                "worksheets": [{"cells": [{"cell_type": "code", "input": "x = 1", "outputs": [], "metadata": {}}]}]}
    path = tmp_path / "old.ipynb"
    path.write_text(json.dumps(version3))
    assert [c.source for c in read_submission(path).cells] == ["x = 1"]


def test_damaged_cells_are_skipped_and_source_lines_joined(tmp_path: Path) -> None:
    document = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                "cells": ["junk", {"cell_type": "code", "source": ["a = 1\n", "b = 2"], "metadata": []},
                          {"cell_type": "code"}]}
    path = tmp_path / "damaged.ipynb"
    path.write_text(json.dumps(document))
    assert [(c.index, c.source, c.grade_id) for c in read_submission(path).cells] == [(2, "a = 1\nb = 2", ""),
                                                                                        (3, "", "")]


def test_current_notebooks_are_read_without_importing_nbformat(tmp_path: Path) -> None:
    path = tmp_path / "s.ipynb"
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), path)
    probe = (f"import sys; from graders.judge.submission import read_submission; read_submission({str(path)!r}); "
             "print('nbformat' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout == "False\n"


@pytest.mark.parametrize(("line", "said"), [
    ("import google.colab", "`google.colab` exists only on Google Colab"),
    ("from google.colab import drive", "`google.colab` exists only on Google Colab"),
    ("import kaggle_secrets", "`kaggle_secrets` exists only on Kaggle"),
    ("import tqdm", "the grader has no `tqdm` module"),
])
def test_a_missing_module_is_named_as_imported_and_a_platform_module_for_what_it_is(line: str, said: str) -> None:
    """Python names only the package it missed (`google`): the judge reads the line, so a Colab-only import is
    not something to ask the instructor to install."""
    from graders.judge.grade import _cell_problem
    from graders.judge.submission import Cell, Submission
    from graders.judge.supervisor.replies import CellOutcome

    top = line.split()[1].split(".")[0]
    submission = Submission(Path("s.py"), "python", (Cell(1, "s.py", f"import jax\n{line}\n"),))
    problem = _cell_problem(CellOutcome(1, "error", "ModuleNotFoundError", f"No module named '{top}'", 2),
                            {1: "s.py"}, "en", submission)
    assert problem.startswith("s.py, line 2: ") and said in problem, problem
