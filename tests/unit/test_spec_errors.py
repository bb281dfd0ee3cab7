"""An assignment's spec, as its author wrote it, is refused in one line naming its file, the field and the fix:
at the catalogue's load, and by the console script, which prints it without a traceback (#51)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders import cli
from graders.common.spec import SpecError
from graders.judge import catalogue

_BROKEN = '''
from graders.common.spec import Misconception

ASSIGNMENT = Misconception(compute=lambda x: x, says={"en": "a sign flipped."})
'''


def test_a_spec_that_fails_its_checks_is_named_by_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "aaa_draft.py").write_text(_BROKEN, encoding="utf-8")  # sorts first: nothing else registers again
    monkeypatch.setattr(catalogue, "__path__", [*catalogue.__path__, str(tmp_path)])
    with pytest.raises(SpecError) as refused:
        catalogue._register_course.__wrapped__()
    message = str(refused.value)
    assert message.startswith("graders/judge/catalogue/aaa_draft.py: Misconception ")
    assert "says['ko']" in message and "\n" not in message


def test_the_console_script_prints_a_spec_error_as_one_line(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    def refuse() -> None:
        raise SpecError("graders/judge/catalogue/draft.py: Exercise 'f' has points={}; give at least one check.")

    monkeypatch.setattr(cli, "_catalogue", refuse)
    assert cli.main(["list"]) == cli.EXIT_USAGE
    error = capsys.readouterr().err
    assert error == ("jaxgrade: error: graders/judge/catalogue/draft.py: Exercise 'f' has points={}; "
                     "give at least one check.\n")


def test_course_try_outside_the_course_repository_says_so_in_one_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["course", "try", "random-vmap", "--root", str(tmp_path)]) == cli.EXIT_USAGE
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no solutions/ here" in error and "--root" in error
