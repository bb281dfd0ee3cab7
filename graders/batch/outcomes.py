"""What a batch gives for one file that it did not grade: why, as a `FileError` in the file's place.

Shared by the pool's parent, its judges and the Dask path, so none of them imports another for it.
"""

from __future__ import annotations

from graders.common.results import FileError, FileErrorCause, SubmissionResult

__all__ = ["FileOutcome", "internal_error", "not_graded", "overdue_file"]

# What a batch gives for one file: its grading, or why it could not be graded.
FileOutcome = SubmissionResult | FileError


def internal_error(path: str, assignment: str, error: BaseException) -> FileError:
    """A file the grader itself failed on; the message starts with "internal error"."""
    first_line = (str(error).splitlines() or [""])[0][:300]
    return FileError(path, assignment, f"internal error: {type(error).__name__}: {first_line}",
                     cause=FileErrorCause.INTERNAL)


def overdue_file(path: str, assignment: str, seconds: float) -> FileError:
    """A file its judge did not finish within the per-file deadline (`seconds`): the grader's failure, never
    the student's."""
    return FileError(path, assignment, f"internal error: the grader did not finish this file within "
                     f"{seconds:g} s and stopped it; no other file waited for it",
                     cause=FileErrorCause.INTERNAL)


def not_graded(path: str, assignment: str, reason: str) -> FileError:
    """A file left out of a stopped batch."""
    return FileError(path, assignment, f"not graded: {reason}", cause=FileErrorCause.INTERRUPTED)
