"""The README says what the code is: its table of assignments is the catalogue's (written by
`make release`, through `jaxgrade course build --readme`), its test counts the suite's."""

from __future__ import annotations

import pytest

from graders.cli import main
from graders.course.readme import ReadmeError, assignment_table, current_table, with_assignment_table
from graders.judge.catalogue import load

from ..conftest import REPO

README = REPO / "README.md"

_SAMPLE = """# Course

## Assignments

| assignment | graded functions |
| --- | --- |
| `old` | `f(x)` |

Text after the table stays.

## Next
"""


def test_the_readme_lists_every_assignment_as_the_catalogue_declares_it() -> None:
    expected = assignment_table(load())
    assert current_table(README.read_text(encoding="utf-8")) == expected, (
        f"README.md's table under '## Assignments' should read (make release writes it):\n{expected}")


def test_the_table_is_replaced_and_everything_else_kept() -> None:
    table = "| assignment | graded functions |\n| --- | --- |\n| `new` | `g(y)` |"
    rewritten = with_assignment_table(_SAMPLE, table)
    assert rewritten == _SAMPLE.replace("| `old` | `f(x)` |", "| `new` | `g(y)` |")
    assert with_assignment_table(rewritten, table) == rewritten


@pytest.mark.parametrize("text", ["# Course\n\nno heading\n", "# Course\n\n## Assignments\n\nNo table.\n\n## Next\n"])
def test_a_readme_without_the_table_is_refused_by_name(text: str) -> None:
    with pytest.raises(ReadmeError, match="Assignments"):
        with_assignment_table(text, "| a |")


def test_course_build_rewrites_the_table_from_the_catalogue(tmp_path, capsys) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(_SAMPLE, encoding="utf-8")
    assert main(["course", "build", "--exercises", str(tmp_path / "exercises"), "--readme", str(readme)]) == 0
    text = readme.read_text(encoding="utf-8")
    assert current_table(text) == assignment_table(load())
    assert text.endswith("Text after the table stays.\n\n## Next\n")
    assert "table of assignments" in capsys.readouterr().out


def test_course_build_names_a_readme_it_cannot_rewrite(tmp_path, capsys) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# nothing here\n", encoding="utf-8")
    assert main(["course", "build", "--exercises", str(tmp_path / "exercises"), "--readme", str(readme)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "--readme" in error and "Assignments" in error


def test_a_signature_that_would_break_the_table_stays_in_its_cell() -> None:
    from types import SimpleNamespace

    from graders.course import readme

    def clip(x, sep="a|b\nc"):  # noqa: ANN001, ANN202 - a reference is a plain function
        return x

    exercise = SimpleNamespace(name="clip", reference=clip, points={"correctness": 1}, static_argnames=())
    cell = readme._function(exercise)  # type: ignore[arg-type]
    assert "\n" not in cell and "a\\|b" in cell and cell.count("|") == cell.count("\\|")


def test_a_readme_that_is_not_text_stops_the_build_before_anything_is_written(tmp_path, capsys) -> None:
    readme = tmp_path / "README.md"
    readme.write_bytes(b"\xff\xfe## Assignments\n")
    exercises = tmp_path / "exercises"
    assert main(["course", "build", "--exercises", str(exercises), "--readme", str(readme)]) == 2
    assert "not UTF-8" in capsys.readouterr().err and not exercises.exists()
