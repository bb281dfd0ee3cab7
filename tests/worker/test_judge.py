"""The judge end to end: notebooks as students write them, limits, crashes, reproducibility."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from graders.common.results import Status
from graders.judge.grade import GradingOptions, grade_path

from ..conftest import REPO, SUBMISSIONS, without_timings


def _notebook(path: Path, cells: list[str], grade_ids: dict[int, str] | None = None) -> Path:
    book = new_notebook()
    for position, source in enumerate(cells):
        cell = new_markdown_cell(source[3:]) if source.startswith("md:") else new_code_cell(source)
        if grade_ids and position in grade_ids:
            cell.metadata["nbgrader"] = {"grade_id": grade_ids[position], "solution": True, "grade": False,
                                         "locked": False, "schema_version": 3}
        book.cells.append(cell)
    nbformat.write(book, path)
    return path


def _by_exercise(result):
    return {exercise.name: exercise for exercise in result.exercises}


def test_magics_shell_lines_and_a_broken_cell_cost_only_what_they_define(tmp_path: Path) -> None:
    path = _notebook(tmp_path / "student.ipynb", [
        "md:# 과제",
        "%matplotlib inline\n!pip install nothing\nimport jax\nimport jax.numpy as jnp",
        "def flatten(x):\n    return jnp.ravel(x)\n%timeit flatten(jnp.ones(3))",
        "def negatives(x)\n    return jnp.where(x < 0, x, 0.0)",
        "undefined_name + 1\ndef maybe_negate(x, neg):\n    return -x if neg else x",
        "%%timeit\nflatten(jnp.ones(3))",
        "display(flatten(jnp.ones(2)))\nget_ipython().system('ls')",
    ], grade_ids={2: "flatten-solution"})
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    exercises = _by_exercise(result)
    assert exercises["flatten"].score == exercises["flatten"].max_score
    negatives = exercises["negatives"].checks[0]
    assert negatives.status is Status.FAILED
    # Cells are named as a student finds them in JupyterLab: by their first line, and numbered among the
    # code cells (the markdown cell above is not counted) when the notebook was saved unrun.
    assert "not defined" in negatives.message
    assert 'the cell that starts with "def negatives(x)" (code cell 3), line 1: SyntaxError' in negatives.message
    assert "not defined" in exercises["maybe_negate"].checks[0].message
    assert any('"def negatives(x)" (code cell 3)' in flag and "SyntaxError" in flag for flag in result.flags)
    assert any('"undefined_name + 1" (code cell 4)' in flag and "NameError" in flag for flag in result.flags)
    korean = grade_path(path, "jit", GradingOptions(lang="ko"))
    assert '"def negatives(x)"로 시작하는 셀(3번째 코드 셀)' in _by_exercise(korean)["negatives"].checks[0].message
    assert not any(check.status is Status.ERROR for e in result.exercises for check in e.checks)


def test_a_missing_library_costs_only_its_import_in_a_python_file(tmp_path: Path) -> None:
    # A .py file is one cell per top-level statement: the failed import loses only its own name, and
    # a later line that fails for want of that name is not a second flag.
    path = tmp_path / "student.py"
    path.write_text("import notalibrary\n" + (REPO / "solutions" / "jax_numpy.py").read_text()
                    + "\nprint(notalibrary.__version__)\n")
    for lang, expected in (("en", "student.py, line 1: the grader has no `notalibrary` module (it has Python's "
                                  "standard library and `jax`, `numpy`, `scipy`, `matplotlib`, `tqdm`)"),
                           ("ko", "student.py, 1번째 줄: 채점기에는 `notalibrary` 모듈이 없습니다")):
        result = grade_path(path, "jax-numpy", GradingOptions(lang=lang))
        assert result.score == result.max_score
        [flag] = result.flags
        assert flag.startswith(("part of the file failed: ", "파일 일부 실행 실패: ")) and expected in flag, flag
        assert "cell" not in flag and "셀" not in flag


def test_a_module_the_notebook_writes_with_writefile_is_named_as_such(tmp_path: Path) -> None:
    """`%%writefile helpers.py` then `import helpers`: the grader runs no `%%writefile`, and says so,
    instead of sending the student to ask the instructor for a module."""
    path = _notebook(tmp_path / "student.ipynb", [
        (REPO / "solutions" / "jit.py").read_text(),
        "%%writefile helpers.py\ndef shout(text):\n    return text.upper()",
        "import helpers\nprint(helpers.shout('done'))",
    ])
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    assert result.score == result.max_score
    [flag] = result.flags
    assert "`helpers` is the file your notebook writes with `%%writefile`" in flag, flag
    assert "instructor" not in flag


def test_the_course_self_check_cells_are_not_run_when_grading(tmp_path: Path) -> None:
    path = _notebook(tmp_path / "student.ipynb", [
        "import jax.numpy as jnp\ndef flatten(x):\n    return jnp.ravel(x)",
        "print('self-check ran')\nflatten = None",
        "print('demo ran')",
    ], grade_ids={1: "selfcheck_flatten"})
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    assert _by_exercise(result)["flatten"].score == _by_exercise(result)["flatten"].max_score
    assert "demo ran" in result.student_output and "self-check ran" not in result.student_output


def test_a_crash_or_hang_costs_only_its_own_exercise() -> None:
    result = grade_path(SUBMISSIONS / "hostile" / "hang_and_exit.py", "jit",
                        GradingOptions(lang="en", call_seconds=3))
    exercises = _by_exercise(result)
    # `os._exit` is a process call a JAX exercise never needs: norm keeps only its correctness points.
    assert exercises["norm"].score == exercises["norm"].checks[0].max_points
    assert any(flag.startswith("needs-review") and "os._exit" in flag for flag in result.flags)
    hang = exercises["negatives"].checks[0]
    assert hang.status is Status.FAILED and "did not finish within 3 s" in hang.message
    assert "x=array(" in hang.message
    assert {c.status for c in exercises["negatives"].checks[1:]} == {Status.SKIPPED}
    exited = exercises["flatten"].checks[0]
    assert exited.status is Status.FAILED and "exit status 3" in exited.message
    raised = exercises["maybe_negate"].checks[0]
    assert "SystemExit" in raised.message and "line 22" in raised.message
    assert any("restarted 2 time" in flag for flag in result.flags)


def test_the_submission_time_limit_skips_what_is_left() -> None:
    result = grade_path(REPO / "solutions" / "jit.py", "jit", GradingOptions(lang="en", submission_seconds=0.001))
    statuses = {check.status for exercise in result.exercises[1:] for check in exercise.checks}
    assert statuses == {Status.SKIPPED}
    assert "time limit" in result.exercises[-1].checks[0].message
    assert result.score <= result.exercises[0].max_score


@pytest.mark.parametrize("path", [REPO / "solutions" / "jit.py", SUBMISSIONS / "jax_numpy" / "faulty_a.py"],
                         ids=["reference", "faulty"])
def test_grading_three_times_gives_byte_identical_reports_apart_from_timings(path: Path) -> None:
    assignment = "jit" if "jit" in path.name else "jax-numpy"
    reports = {without_timings(grade_path(path, assignment, GradingOptions(lang="ko"))) for _ in range(3)}
    assert len(reports) == 1


def test_messages_follow_the_requested_language(graded) -> None:
    korean = graded(SUBMISSIONS / "jit" / "faulty_a.py", "jit", "ko")
    english = graded(SUBMISSIONS / "jit" / "faulty_a.py", "jit", "en")
    assert [c.status for e in korean.exercises for c in e.checks] == \
           [c.status for e in english.exercises for c in e.checks]
    assert "입력" in korean.exercises[1].checks[0].message
    assert "input" in english.exercises[1].checks[0].message


def test_speedup_reports_backend_device_and_figures(graded) -> None:
    """What the report says about the timing, whichever backend timed it: the check's outcome is
    declared non-deterministic, so only `tests/worker/checks/test_jit_speedup.py`'s timing tests assert it."""
    from graders.common.assignments import get_assignment

    result = graded(REPO / "solutions" / "jit.py", "jit")
    speedup = next(c for c in result.exercises[0].checks if c.name == "jit_speedup")
    spec = next(e for e in get_assignment("jit").exercises if e.name == "norm").options["jit_speedup"]
    backend = speedup.details["backend"]
    profile_name, profile = spec.profile_for(backend)
    assert speedup.details["profile"] == profile_name and backend and speedup.details["device"]
    assert speedup.details["shape"] == "x".join(str(n) for n in profile.shape)
    assert speedup.details["calls"] == profile.calls and speedup.details["clock"] == profile.clock
    assert speedup.timings["rounds"] >= spec.rounds and speedup.timings["outputs_checked"] == speedup.timings["rounds"]
    assert speedup.timings["student_seconds"] > 0 and speedup.timings["eager_seconds"] > 0
    assert speedup.timings["required"] >= 1.0
    assert result.environment["backend"] and result.environment["jax"]


def test_an_exercise_that_uses_up_its_time_stops_even_when_each_call_is_quick(tmp_path: Path) -> None:
    slow = tmp_path / "slow.py"
    slow.write_text("import time\nimport jax.numpy as jnp\n\n"
                    "def flatten(x):\n    time.sleep(0.2)\n    return jnp.ravel(x)\n")
    result = grade_path(slow, "jit", GradingOptions(lang="en", exercise_seconds=1.0))
    flatten = _by_exercise(result)["flatten"]
    assert flatten.checks[0].status is Status.FAILED
    assert "did not finish within 1 s" in flatten.checks[0].message
    assert flatten.seconds < 10


def test_a_function_an_earlier_line_kept_from_being_defined_is_blamed_on_that_line(tmp_path: Path) -> None:
    # One `# %%` cell, as in a notebook: the line that raised kept the definition below it from running.
    path = tmp_path / "removed_api.py"
    path.write_text("# %%\n" + (SUBMISSIONS / "jit" / "removed_api.py").read_text())
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    message = _by_exercise(result)["norm"].checks[0].message
    assert message.startswith("`norm` was never defined:"), message
    assert "line 5: AttributeError" in message and "(line 9) never ran" in message, message
    assert "write `jax.tree.map(f, tree)` instead" in message, message


def test_a_broken_line_of_a_python_file_costs_only_what_it_defines() -> None:
    # Without `# %%` cells each top-level statement is one: the definition below the broken line runs.
    result = grade_path(SUBMISSIONS / "jit" / "removed_api.py", "jit", GradingOptions(lang="en"))
    assert _by_exercise(result)["norm"].checks[0].status is Status.PASSED
    [flag] = [flag for flag in result.flags if flag.startswith("part of the file failed")]
    assert "removed_api.py, line 4: AttributeError" in flag and "write `jax.tree.map(f, tree)` instead" in flag
