"""Fair to the honest student: every honest submission gets full marks, and no flag.

`tests/submissions/honest/` holds correct answers written the way students write them: plots,
`%%time` over the solution, progress bars, a config class with `setattr`, an unused import,
x64 and logging set at the top, `# %%` cells in a .py file. A wire that trips on any of them is as
wrong as one that misses a cheat, so each file must score full marks with no flag at all (only
the machine's own `less-isolated` note is allowed). A failure names the file and the first check
that lost points, with its message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from graders.batch.pool import grade_files
from graders.common.assignments import assignments
from graders.common.results import FileError, SubmissionResult
from graders.judge.options import GradingOptions
from graders.judge.submission import read_submission

from ..conftest import SUBMISSIONS
from ..expectations import owed_score, shortfalls

HONEST = SUBMISSIONS / "honest"
FILES = sorted(path for pattern in ("*.py", "*.ipynb") for path in HONEST.glob(pattern))
# Notes about the machine, not about the submission.
_MACHINE_FLAGS = ("less-isolated",)


def _assignment(path: Path) -> str:
    """The assignment whose functions the file defines most of (the file does not say)."""
    names = read_submission(path).names()
    overlap = {name: sum(exercise.name in names for exercise in spec.exercises)
               for name, spec in sorted(assignments().items())}
    return max(overlap, key=lambda name: overlap[name])


def test_the_honest_corpus_is_there() -> None:
    assert len(FILES) >= 5


# Still unfair to an honest file, and why: strict expected failures, so a fix shows as an unexpected pass.
STILL_UNFAIR: dict[str, str] = {
    "round5_jit_01_threadpool_perfcounter.py":
        "a thread pool used at load holds every worker-reported check for review, though no thread is left "
        "when grading starts; the judge could read the worker's threads from /proc instead",
    "round5_jit_04_subprocess_resource.ipynb":
        "`subprocess.run` at load holds the worker-reported checks for review, though no process is left when "
        "grading starts (`resource.getrusage` no longer trips: session 24)",
    "round5_jnp_02_multiprocessing_pool.py": "a `multiprocessing.Pool` at load is held for review (threads, processes)",
    "round5_pur_01_threads_tqdm_random.ipynb": "threads at load are held for review",
    "census_jit_09_asyncio_run.py":
        "`asyncio.run` is held for review as threads: asyncio keeps global state (the loop policy, the running "
        "loop, a loop's scheduled callbacks) where no snapshot reads it, and red team round 15 kept counters "
        "there once asyncio was narrowed to what it starts",
    "round5_pur_04_ipython_magics_writefile.ipynb":
        "`%%writefile plot_utils.py` writes no file in the grader, so `import plot_utils` fails (a flag, no "
        "points lost; the message now says why and what to do)",
}


def _param(path: Path) -> object:
    reason = STILL_UNFAIR.get(path.name)
    return pytest.param(path, id=path.name, marks=pytest.mark.xfail(reason=reason, strict=True)) if reason \
        else pytest.param(path, id=path.name)


def test_every_still_unfair_file_is_in_the_corpus() -> None:
    assert set(STILL_UNFAIR) <= {path.name for path in FILES}


@pytest.fixture(scope="module")
def graded_class(request: pytest.FixtureRequest) -> Callable[[Path], SubmissionResult | FileError]:
    """grade(path): the honest files this session runs, graded as a class is, one assignment at a time when its
    first file is asked for: one judge (this process), the files in turn, the next file's worker starting while
    one is graded. An assignment a batch, not the whole corpus: each test stays well inside its time limit."""
    options = GradingOptions(lang="en")
    chosen = [item.callspec.params["path"] for item in request.session.items
              if item.path == request.path and hasattr(item, "callspec") and "path" in item.callspec.params]
    results: dict[Path, SubmissionResult | FileError] = {}

    def grade(path: Path) -> SubmissionResult | FileError:
        if path not in results:
            assignment = _assignment(path)
            batch = [each for each in chosen if each not in results and _assignment(each) == assignment] or [path]
            outcomes = grade_files([read_submission(each) for each in batch], assignment, options)
            results.update(zip(batch, outcomes, strict=True))
        return results[path]

    return grade


@pytest.mark.parametrize("path", [_param(path) for path in FILES])
def test_an_honest_submission_gets_full_marks_and_no_flag(path: Path, graded_class) -> None:
    assignment = _assignment(path)
    result = graded_class(path)
    assert isinstance(result, SubmissionResult), result
    # Full marks on every exercise the file answers (an exercise added after it was written gets
    # the judge's "not defined" and nothing else: tests/expectations.py).
    lost = shortfalls(path, result)
    first = f"; first lost: {lost[0]}" if lost else ""
    flags = [flag for flag in result.flags if not flag.startswith(_MACHINE_FLAGS)]
    assert not lost and result.score == owed_score(path, result) and not flags, (
        f"{path.name} ({assignment}): {result.score:g}/{owed_score(path, result):g}{first}; flags: {flags}")
