"""Round 49: a red team's fresh round against session 27's grader, written from the issue alone
(tests/submissions/hostile/round49/README.md has each file's mechanism and the outcome that contains it).
Before session 28's fixes 1 of 16 was contained; the mechanisms that now contain them:

- state a comparison cannot see in few calls is read in the judge: a clock read (03), code run from a
  string or loaded from a written file (04, 05, 12) trips; a deleted argument is mutation (00, 09);
- the judge bounds its own work: code nested past its readers (01), JSON nested past the parser (02, 14);
- reports escape by Unicode category (06, 07, 15) and cap the failed cells' flags (13);
- nothing a worker reads names the host or the solutions (10, 11: tests/worker/test_worker_view.py and
  test_compilation_cache.py hold the general case).

08 (a 5 MB file of 2,000-character statements) is left out of the suite: it takes minutes to grade, and
the pool's per-file deadline bounds it (tests/worker/test_pool_deadline.py).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from graders.batch.grading import grade_many
from graders.common.results import FileError, FileErrorCause, SubmissionResult, result_to_dict
from graders.judge.options import GradingOptions
from graders.reports import WRITERS

from ..conftest import REPO, SUBMISSIONS

ROUND49 = SUBMISSIONS / "hostile" / "round49"

# file: (assignment, exercise, the check the state or the deleted argument must cost)
STATE = {
    "00_donated_argument.py": ("jax-numpy", "pure_update", "no_mutation"),
    "03_jit_cache_counter.py": ("jit", "flatten", "no_globals"),
    "04_timeit_laundered_state.py": ("jit", "flatten", "no_globals"),
    "05_written_module_state.py": ("jit", "negatives", "no_globals"),
    "09_donated_arguments.py": ("jax-numpy", "pure_update", "no_mutation"),
    "12_hidden_frame_walk_blinds_census.py": ("jit", "negatives", "no_globals"),
}
REPORTS = ("06_line_separator_forgery.py", "07_invisible_format_chars.py", "15_markdown_block_injection.py")
JUDGE = ("01_deep_expression_judge_crash.py", "14_laundered_forged_frame.py", "10_cache_membership_oracle.py",
         "11_host_information_leak.py", "16_lying_array_probe.py")
_ASSIGNMENT = {"01_deep_expression_judge_crash.py": "purity"}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, SubmissionResult | FileError]:
    flood = tmp_path_factory.mktemp("round49") / "13_cell_failure_flag_flood.ipynb"
    subprocess.run([sys.executable, str(ROUND49 / "gen" / "gen13.py"), "100", str(flood),
                    str(REPO / "samples" / "jit" / "seoyeon.ipynb")], check=True)
    files = {name: ROUND49 / name for name in (*STATE, *REPORTS, *JUDGE, "02_deep_json_notebook.ipynb")}
    files[flood.name] = flood
    results: dict[str, SubmissionResult | FileError] = {}
    by_assignment: dict[str, list[str]] = {}
    for name in files:
        assignment = STATE[name][0] if name in STATE else _ASSIGNMENT.get(name, "jit")
        by_assignment.setdefault(assignment, []).append(name)
    for assignment, names in sorted(by_assignment.items()):
        outcomes = grade_many([files[name] for name in names], assignment, GradingOptions(lang="en"), jobs=2)
        results.update(zip(names, outcomes, strict=True))
    return results


@pytest.mark.parametrize("name", list(STATE))
def test_kept_state_or_a_deleted_argument_earns_nothing(name: str, graded: dict) -> None:
    result = graded[name]
    assert isinstance(result, SubmissionResult), result
    _, exercise, check = STATE[name]
    checks = {each.name: each for each in next(e for e in result.exercises if e.name == exercise).checks}
    assert checks[check].points == 0, (name, checks[check].message, result.flags)


@pytest.mark.parametrize("name", JUDGE)
def test_the_judge_grades_what_it_cannot_read_or_decode_without_failing_itself(name: str, graded: dict) -> None:
    assert isinstance(graded[name], SubmissionResult), graded[name]


def test_a_notebook_nested_past_the_parser_is_bad_input_and_costs_no_other_file(graded: dict) -> None:
    notebook = graded["02_deep_json_notebook.ipynb"]
    assert isinstance(notebook, FileError) and notebook.cause is FileErrorCause.UNGRADABLE
    assert isinstance(graded["03_jit_cache_counter.py"], SubmissionResult)


def test_the_host_s_accounts_are_not_the_worker_s_to_read(graded: dict) -> None:
    output = graded["11_host_information_leak.py"].student_output
    accounts = next(line for line in output.splitlines() if line.startswith("HOST ACCOUNTS:"))
    names = {entry.split(":")[0].strip() for entry in accounts.removeprefix("HOST ACCOUNTS:").split(",")}
    assert names <= {"root", "student"}, accounts
    assert "jaxgrade-worker-" not in json.dumps(result_to_dict(graded["11_host_information_leak.py"]))


@pytest.mark.parametrize("name", REPORTS)
@pytest.mark.parametrize("report_format", ["json", "text", "markdown"])
def test_reports_carry_no_invisible_or_separating_character(name: str, report_format: str, graded: dict) -> None:
    from graders.common.results import printable

    text = WRITERS[report_format]([graded[name]], "en")
    assert printable(text) == text.replace("\r\n", "\n"), name
    if report_format == "markdown":
        # Rendered as CommonMark renders it (markdown-it, rich's own parser): the student's markup is text.
        from markdown_it import MarkdownIt

        html = MarkdownIt("commonmark").render(text)
        assert "<img" not in html and "<h1>" not in html, name


def test_a_flood_of_failing_cells_raises_a_few_flags(graded: dict) -> None:
    result = graded["13_cell_failure_flag_flood.ipynb"]
    assert isinstance(result, SubmissionResult) and 1 <= len(result.flags) <= 8, len(result.flags)
    assert len(json.dumps(result_to_dict(result))) < 200_000


def test_every_file_of_the_round_is_listed() -> None:
    listed = {*STATE, *REPORTS, *JUDGE, "02_deep_json_notebook.ipynb"}
    assert {path.name for path in ROUND49.iterdir() if path.suffix in (".py", ".ipynb")} == listed
