"""The untouched submission of an assignment, written from its spec: every exercise defined, each raising.

The corpus grades it (it must score 0) and `jaxgrade course try` does too. A stub this module wrote says so
in its first line, and `jaxgrade course build` and `course try` write it again from the spec whenever an
exercise is added, renamed or given other parameters, so that a course author never edits it by hand. A
stub without that line (one written by hand, like the `jit` stub's `@jax.jit`) is left as it is.

Runs in the course author's process; never student code.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from graders.common.spec import Assignment

__all__ = ["GENERATED_MARK", "refresh_stub", "stub_path", "stub_source"]

GENERATED_MARK = "written from the spec by jaxgrade"


def stub_path(root: Path, assignment: str) -> Path:
    return root / "tests" / "submissions" / assignment.replace("-", "_") / "stub.py"


def stub_source(assignment: Assignment) -> str:
    """One `def` per exercise, in the notebook's order, with the reference's parameters, raising."""
    parts = [f'"""Assignment `{assignment.name}`, untouched ({GENERATED_MARK}): it must score 0."""\n']
    for exercise in assignment.exercises:
        parameters = str(inspect.signature(inspect.unwrap(exercise.reference)).replace(return_annotation=inspect.
                                                                                       Signature.empty))
        parts.append(f"\ndef {exercise.name}{parameters}:\n    raise NotImplementedError\n")
    return "\n".join(parts)


def refresh_stub(root: Path, assignment: Assignment) -> Path | None:
    """Write the assignment's stub from its spec where it is a generated one (or missing, in a course that keeps
    a corpus); the path when it changed, None otherwise."""
    path = stub_path(root, assignment.name)
    if not (root / "tests" / "submissions").is_dir():
        return None
    if path.is_file():
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        if GENERATED_MARK not in first:
            return None
    text = stub_source(assignment)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
