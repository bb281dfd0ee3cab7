"""Grade on a Dask distributed cluster: one task per submission, the reports written here.

Each submission travels to a Dask worker as its file's bytes. There the trusted
judge grades it, starting its own sandboxed worker on that machine, and the
result comes back as JSON text; only this process (the client) writes reports
or the gradebook. Dask does the scheduling: a worker lost mid-task has its
submissions run elsewhere, and each result is gathered once.

A jaxgrade Dask worker grades one submission at a time (start it with
`--nthreads 1`; several workers per machine for several cores). Workers started
with `--resources GPU=1` receive the submissions whose checks measure an
accelerator (`jit_speedup`), when the cluster has any; otherwise those checks
use their CPU profile wherever the submission lands. Every worker must run the
same jaxgrade code as the client: a task checks a fingerprint of the code and
refuses to grade on a mismatch, since the same submission must get the same grade.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from graders.common.code_version import code_fingerprint
from graders.common.results import FileError, FileErrorCause, result_from_dict, result_to_dict
from graders.common.stop import raise_if_stop_requested
from graders.judge.options import GradingOptions
from graders.judge.submission import Submission
from graders.judge.supervisor.client import WorkerLimits

from .pool import BatchInterrupted, FileOutcome, internal_error, not_graded

__all__ = ["ClusterError", "check_cluster", "code_fingerprint", "grade_on_cluster"]

_CONNECT_SECONDS = 15
# One judge at a time per worker process: the clean timing workers and JAX's
# compilation counters are per process.
_ONE_JUDGE = threading.Lock()


class ClusterError(Exception):
    """The cluster cannot be used (no scheduler answered, no worker); the message says what to do."""


def grade_on_cluster(files: Sequence[str | Submission], assignment: str, options: GradingOptions, address: str,
                     progress: Callable[[int, FileOutcome], None] | None = None) -> list[FileOutcome]:
    """One result per file, in order, graded on the cluster whose scheduler is at `address`.

    A `Submission` (read by `grade_many`) is sent as the bytes it was read from; a path is read here.
    Raises `ClusterError` when the cluster cannot be reached, `BatchInterrupted` on Ctrl-C.
    """
    paths = [str(file.path) if isinstance(file, Submission) else file for file in files]
    from distributed import Client, as_completed

    from graders.common.assignments import get_assignment, wants_accelerator
    from graders.judge.catalogue import load as load_catalogue

    load_catalogue()

    client = _connect(Client, address)
    try:
        resources = _gpu_resources(client) if wants_accelerator(get_assignment(assignment)) else None
        plain_options = _options_to_plain(options)
        futures = {}
        results: dict[int, FileOutcome] = {}
        for position, (path, file) in enumerate(zip(paths, files, strict=True)):
            try:
                data = file.raw if isinstance(file, Submission) and file.raw else Path(path).read_bytes()
            except OSError as error:
                results[position] = FileError(path, assignment, f"{path}: {error.strerror or error}")
                continue
            future = client.submit(_grade_task, path, data, assignment, plain_options, code_fingerprint(),
                                   key=f"jaxgrade-{assignment}-{position}-{hashlib.sha256(data).hexdigest()[:12]}",
                                   resources=resources, pure=False)
            futures[future] = position
        try:
            for future in as_completed(list(futures), loop=client.loop):
                position = futures[future]
                results[position] = _gathered(future, paths[position], assignment)
                if progress is not None:
                    progress(position, results[position])
                raise_if_stop_requested()
        except KeyboardInterrupt:
            client.cancel(list(futures), force=True)
            raise BatchInterrupted([results.get(position) or not_graded(path, assignment, "interrupted")
                                    for position, path in enumerate(paths)]) from None
        return [results[position] for position in range(len(paths))]
    finally:
        client.close(timeout=10)


def check_cluster(address: str) -> None:
    """Raise `ClusterError` unless a scheduler answers at `address` with at least one worker."""
    from distributed import Client

    _connect(Client, address).close()


def _connect(client_type: Any, address: str) -> Any:
    try:
        client = client_type(address, timeout=f"{_CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(
            f"--scheduler {address}: no Dask scheduler answered ({str(error).splitlines()[0][:120]}); "
            "start one with '.venv/bin/dask scheduler' and give its tcp://HOST:PORT") from None
    try:
        client.wait_for_workers(1, timeout=_CONNECT_SECONDS)
    except (OSError, TimeoutError):
        client.close()
        raise ClusterError(f"--scheduler {address}: the scheduler has no worker; start some with "
                           f"'.venv/bin/dask worker {address} --nthreads 1'") from None
    return client


def _gpu_resources(client: Any) -> dict[str, float] | None:
    """Ask for a GPU worker when the cluster has one; else let the submission run anywhere."""
    workers = client.scheduler_info(n_workers=-1).get("workers", {})
    has_gpu = any(float((info.get("resources") or {}).get("GPU", 0)) >= 1 for info in workers.values())
    return {"GPU": 1} if has_gpu else None


def _gathered(future: Any, path: str, assignment: str) -> FileOutcome:
    from distributed import KilledWorker

    try:
        return result_from_dict(json.loads(future.result()))
    except KilledWorker:
        return internal_error(path, assignment, RuntimeError(
            "every Dask worker that graded this file died (killed, or out of memory); "
            "it is reported alone and the others are graded"))
    except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
        return internal_error(path, assignment, error)


def _options_to_plain(options: GradingOptions) -> dict[str, Any]:
    plain = dataclasses.asdict(options)
    # Each worker machine has its own compilation cache, where its own default puts it.
    plain.pop("cache_directory")
    return plain


def _options_from_plain(plain: Mapping[str, Any]) -> GradingOptions:
    fields = dict(plain)
    fields["limits"] = WorkerLimits(**fields["limits"])
    return GradingOptions(**fields)


# --------------------------------------------------------------------------- on the Dask worker
@functools.cache
def _quiet_dask_randomness() -> None:
    """Dask's own threads draw from `random` while hypothesis generates; hypothesis then warns that
    a strategy used it. Generation does not depend on it (hypothesis is derandomized)."""
    import warnings

    from hypothesis.errors import HypothesisDeprecationWarning

    warnings.filterwarnings("ignore", message="Do not use the `random` module inside strategies",
                            category=HypothesisDeprecationWarning)


def _grade_task(path: str, data: bytes, assignment: str, plain_options: Mapping[str, Any],
                fingerprint: str) -> str:
    """Runs on a Dask worker: grade one submission given as bytes, return the result as JSON text."""
    from graders.common.assignments import get_assignment
    from graders.judge.grade import grade_submission
    from graders.judge.submission import SubmissionError, submission_from_bytes

    from .host import prepare_grading_process

    options = _options_from_plain(plain_options)
    if fingerprint != code_fingerprint():
        result: FileOutcome = FileError(path, assignment, (
            f"not graded: this Dask worker runs other jaxgrade code ({code_fingerprint()}, the client "
            f"{fingerprint}); install the same version on every worker"), cause=FileErrorCause.INTERNAL)
        return json.dumps(result_to_dict(result))
    with _ONE_JUDGE:
        prepare_grading_process(options)
        _quiet_dask_randomness()
        try:
            submission = submission_from_bytes(path, data)
        except SubmissionError as error:
            result = FileError(path, assignment, error.message(options.lang), get_assignment(assignment).max_score)
        else:
            try:
                result = grade_submission(submission, get_assignment(assignment), options)
            except Exception as error:  # noqa: BLE001 - reported for this file alone
                result = internal_error(path, assignment, error)
    return json.dumps(result_to_dict(result))
