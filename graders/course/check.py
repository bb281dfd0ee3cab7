"""`jaxgrade course check`: is the course itself consistent?

Every reference solution and source notebook gets full marks, every untouched
release notebook scores 0 without an engine error, the source notebooks are
what the builder makes from `solutions/`, and `release/` is what nbgrader
generates from them and holds no solution code.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from graders.common.results import Status
from graders.judge.grade import GradingOptions, grade_path

from .content import CONTENTS
from .notebooks import write_notebooks
from .release import ReleaseError, release_differences, released_in_scratch

__all__ = ["Finding", "check_course", "sources_in_sync"]



@dataclass(frozen=True)
class Finding:
    ok: bool
    what: str
    detail: str = ""


def _graded(path: Path, assignment: str) -> tuple[float, float, bool]:
    result = grade_path(path, assignment, GradingOptions(lang="en"))
    errors = any(check.status is Status.ERROR for e in result.exercises for check in e.checks)
    return result.score, result.max_score, errors


def check_course(root: Path) -> list[Finding]:
    findings: list[Finding] = []
    for content in CONTENTS:
        assignment = content.assignment
        reference = root / (content.solutions_module.replace(".", "/") + ".py")
        for label, path in (("reference", reference),
                            ("source notebook", root / "exercises" / assignment / f"{content.notebook}.ipynb")):
            score, maximum, errors = _graded(path, assignment)
            findings.append(Finding(score == maximum and not errors, f"{assignment}: {label} gets full marks",
                                    f"{score:g}/{maximum:g}"))
        released = root / "release" / assignment / f"{content.notebook}.ipynb"
        score, maximum, errors = _graded(released, assignment)
        findings.append(Finding(score == 0 and not errors, f"{assignment}: untouched release scores 0",
                                f"{score:g}/{maximum:g}{' with engine errors' if errors else ''}"))
        text = released.read_text()
        leaked = [marker for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS") if marker in text]
        findings.append(Finding(not leaked, f"{assignment}: release holds no solution region", ", ".join(leaked)))
    findings += sources_in_sync(root)
    return findings


def sources_in_sync(root: Path) -> list[Finding]:
    with tempfile.TemporaryDirectory(prefix="jaxgrade-course-") as directory:
        scratch = Path(directory)
        write_notebooks(CONTENTS, scratch / "exercises")
        stale = [c.assignment for c in CONTENTS
                 if (scratch / "exercises" / c.assignment / f"{c.notebook}.ipynb").read_text()
                 != (root / "exercises" / c.assignment / f"{c.notebook}.ipynb").read_text()]
        findings = [Finding(not stale, "exercises/ is built from solutions/ and the course content",
                            f"stale: {', '.join(stale)}; run `make notebooks`" if stale else "")]
        shutil.copy(root / "nbgrader_config.py", scratch / "nbgrader_config.py")
        try:
            released = released_in_scratch(scratch, [c.assignment for c in CONTENTS], scratch / "nbgrader")
        except ReleaseError as error:
            return findings + [Finding(False, "nbgrader generate_assignment runs", str(error))]
        differing = release_differences(released, root / "release")
        findings.append(Finding(not differing, "release/ is what nbgrader generates from exercises/",
                                f"differs: {', '.join(differing)}; run `make release`" if differing else ""))
    return findings

