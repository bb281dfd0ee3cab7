"""The grader's environment is part of the contract: what a submission may import, said everywhere the same."""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib

from graders.common.libraries import SUBMISSION_LIBRARIES, listed_libraries

from ..conftest import REPO


def _pins(path: str) -> dict[str, str]:
    lines = (REPO / path).read_text().splitlines()
    return dict(line.split("==", 1) for line in lines if "==" in line and not line.startswith("#"))


def test_the_grader_depends_on_every_library_a_submission_may_import() -> None:
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {re.split(r"[<>=!~ \[]", dependency, maxsplit=1)[0].lower() for dependency in dependencies}
    assert set(SUBMISSION_LIBRARIES) <= names
    assert all(importlib.util.find_spec(name) is not None for name in SUBMISSION_LIBRARIES)


def test_students_install_the_versions_the_grader_has() -> None:
    grader, students = _pins("constraints.txt"), _pins("deploy/student-requirements.txt")
    for name in SUBMISSION_LIBRARIES:
        assert students.get(name) == grader[name], name


def test_students_are_told_what_they_may_import() -> None:
    for path in ("README.md", "deploy/ci/student-README.md"):
        text = (REPO / path).read_text()
        assert all(f"`{name}`" in text for name in SUBMISSION_LIBRARIES), path
    for notebook in sorted((REPO / "release").glob("*/*.ipynb")):
        first = "".join(json.loads(notebook.read_text())["cells"][0]["source"])
        assert listed_libraries() in first, notebook


def test_no_course_process_builds_the_iri_grammar_as_it_starts() -> None:
    # jsonschema 4.25+ imports rfc3987-syntax, whose Earley parser takes 1.3 s to build at import, in every
    # process that imports nbformat (constraints.txt pins the version before it).
    import subprocess
    import sys

    code = "import sys, nbformat, jsonschema._format; print('rfc3987_syntax' in sys.modules)"
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert completed.stdout.strip() == "False", completed.stderr[-1000:]
