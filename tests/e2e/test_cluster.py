"""Grading on a Dask cluster gives the verdicts of local grading, also when a worker dies mid-batch.

The cluster is real: a `LocalCluster` of two worker processes, and for the command
line `dask scheduler` and two `dask worker` processes started from the venv. Verdicts
are compared with the reports recorded in tests/golden/ (local grading, timings aside).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders.batch.cluster import _gpu_resources, _grade_task, code_fingerprint, grade_on_cluster
from graders.common.results import FileError, FileErrorCause, SubmissionResult, result_from_dict
from graders.judge.options import GradingOptions

from ..conftest import REPO, golden_file, golden_report

distributed = pytest.importorskip("distributed")

JIT_FILES = ["solutions/jit.py", "tests/submissions/jit/faulty_a.py", "tests/submissions/jit/module_constant.py",
             "tests/submissions/jit/stub.py"]
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as local:
        yield local


def _as_golden(result: SubmissionResult | FileError, path: str) -> str:
    assert isinstance(result, SubmissionResult), result
    return golden_report(result)


def test_a_cluster_of_two_workers_gives_the_verdicts_of_local_grading(cluster) -> None:
    seen: list[int] = []
    results = grade_on_cluster([str(REPO / path) for path in JIT_FILES], "jit", GradingOptions(lang="en"),
                               cluster.scheduler_address, progress=lambda position, _: seen.append(position))
    assert sorted(seen) == list(range(len(JIT_FILES)))
    for path, result in zip(JIT_FILES, results):
        assert _as_golden(result, path) == golden_file(path).read_text(encoding="utf-8"), path


def test_files_that_cannot_be_read_are_reported_alone(cluster, tmp_path: Path) -> None:
    empty = tmp_path / "empty.py"
    empty.write_text("")
    paths = [str(tmp_path / "absent.py"), str(empty), str(REPO / "tests/submissions/jit/stub.py")]
    absent, blank, stub = grade_on_cluster(paths, "jit", GradingOptions(lang="en"), cluster.scheduler_address)
    assert isinstance(absent, FileError) and "absent.py" in absent.message
    assert isinstance(blank, FileError) and "empty" in blank.message.lower()
    assert isinstance(stub, SubmissionResult)


def test_a_worker_running_other_jaxgrade_code_refuses_to_grade() -> None:
    options = {"lang": "en", "exercise_seconds": 120.0, "submission_seconds": 900.0, "call_seconds": 30.0,
               "limits": {}}
    reply = result_from_dict(json.loads(_grade_task("a.py", b"x = 1\n", "jit", options, "0" * 16)))
    assert isinstance(reply, FileError) and "other jaxgrade code" in reply.message
    assert reply.cause is FileErrorCause.INTERNAL  # the grader's set-up, not the file
    assert code_fingerprint() in reply.message


def test_accelerator_checks_go_to_gpu_workers_when_the_cluster_has_them(cluster) -> None:
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        assert _gpu_resources(client) is None
    with distributed.LocalCluster(n_workers=1, processes=False, resources={"GPU": 1}, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as gpu_cluster:
        with distributed.Client(gpu_cluster.scheduler_address, set_as_default=False) as client:
            assert _gpu_resources(client) == {"GPU": 1}


# --------------------------------------------------------------------------- the command line, a worker killed


# In the quiet pass: under the parallel pass's load (two xdist workers on 2 cores, and in a clean clone
# with four) a file regraded after the kill came back once with a check's details empty (`{}` for
# `{"examples": 25}`); alone it is identical every time. Where that difference comes from is still open.


def test_an_address_where_no_scheduler_answers_is_one_line(tmp_path: Path) -> None:
    completed = subprocess.run(
        [str(BIN / "jaxgrade"), "grade", "--assignment", "jit", "--scheduler", "tcp://127.0.0.1:9", "--lang", "en",
         str(REPO / "tests/submissions/jit/stub.py")], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1 and "no Dask scheduler answered" in completed.stderr


