"""Reading submissions in the judge: notebooks and .py files, never executing them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from graders.submission import SubmissionError, read_submission


def test_notebook_code_cells_keep_their_positions_and_grade_ids(tmp_path: Path) -> None:
    book = new_notebook(cells=[new_markdown_cell("# hi"), new_code_cell("x = 1"), new_code_cell("%time y = 2")])
    book.cells[1].metadata["nbgrader"] = {"grade_id": "answer"}
    path = tmp_path / "s.ipynb"
    nbformat.write(book, path)
    submission = read_submission(path)
    assert [(c.index, c.filename, c.grade_id) for c in submission.cells] == [(2, "cell 2", "answer"), (3, "cell 3", "")]
    assert "get_ipython().run_line_magic" in submission.cells[1].source
    assert submission.module_name == "__main__"


def test_python_files_are_one_cell_imported_as_a_module(tmp_path: Path) -> None:
    path = tmp_path / "answer.py"
    path.write_text("def f():\n    return 1\n")
    submission = read_submission(path)
    assert submission.kind == "python" and submission.module_name == "submission"
    assert submission.cells[0].filename == "answer.py"


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
    probe = (f"import sys; from graders.submission import read_submission; read_submission({str(path)!r}); "
             "print('nbformat' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout == "False\n"
