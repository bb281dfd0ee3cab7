"""Adding an exercise is what the README says: three files, then one command.

In a temporary copy of the repository (its files as they are now, committed there as the base), a
toy exercise, `relu`, is added to the `jit` assignment exactly as "Add an exercise" describes: the
reference in `solutions/`, the `Exercise` in the catalogue and the `GradedExercise` in the course
content. Then `make exercise-check ASSIGNMENT=jit REGENERATE=1` rebuilds the notebooks, `release/`
and the README's table, rewrites jit's golden reports, and regrades jit's corpus and notebooks.

It must pass with nothing else edited: no corpus file, sample or expectation learns of `relu` (a
file owes full marks only on the exercises it names: tests/expectations.py), and every file that
changed is one of the three or one the command writes. The command itself runs the unit tests that read every
spec and message (the Makefile's SPEC_UNIT_TESTS), so the copy's unit suite is not run again here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ...conftest import REPO

_SOLUTION = '''

def relu(x):
    return jnp.maximum(x, 0.0)
'''

_EXERCISE = '''RELU = Exercise(
    name="relu",
    reference=reference.relu,
    inputs=_any_shape_calls(((5,), (2, 3))),
    checks=(Correctness(2), Jit(1), NoMutation(1), NoGlobals(1)),
    summary={"en": "max(x, 0), elementwise", "ko": "원소별 max(x, 0)"},
)


'''

_CONTENT = '''        GradedExercise(
            exercise="relu",
            statement="""
- `x`: 임의 shape의 `float32` 배열.

원소별로 `max(x, 0)`을 반환하세요.
""",
            prompt="# 아래에 `relu(x)`를 정의하세요.",
            selfcheck="""
def _check():
    out = np.asarray(relu(jnp.array([-1.0, 2.0])))
    assert np.allclose(out, [0.0, 2.0]), f"결과가 {out.tolist()}입니다."

selfcheck("relu", _check)
""",
        ),
'''

# The three files "Add an exercise" names, and what `make release` and the regeneration write.
_EDITED = {"solutions/jit.py", "graders/judge/catalogue/jit.py", "graders/course/content/jit.py"}
_WRITTEN = re.compile(r"(exercises|release)/jit/jit\.ipynb|README\.md|tests/golden/[^/]+\.json")


def _git(copy: Path, *arguments: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost", *arguments], cwd=copy,
                          check=True, capture_output=True, text=True).stdout


def _copy_of_the_repository(target: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file() and not source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    _git(target, "init", "-q")
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "-m", "base")
    return target


def _exercise_check(copy: Path, assignment: str, environment: dict[str, str]) -> set[str]:
    """`make exercise-check ASSIGNMENT=... REGENERATE=1` in the copy, with this test run's environment (its
    install left as it is), which must pass; the files that differ from the copy's base commit after it."""
    venv = Path(sys.executable).parent.parent
    make = subprocess.run(["make", "--no-print-directory", "-o", f"{venv}/.installed-stamp", f"VENV={venv}",
                           "TEST_JOBS=1", "exercise-check", f"ASSIGNMENT={assignment}", "REGENERATE=1"],
                          cwd=copy, env=environment, capture_output=True, text=True, timeout=1200)
    assert make.returncode == 0, make.stdout[-4000:] + make.stderr[-2000:]
    return {line[3:] for line in _git(copy, "status", "--porcelain", "--untracked-files=all").splitlines()}


def _insert(path: Path, before: str, text: str, count: int = 1) -> None:
    source = path.read_text(encoding="utf-8")
    assert before in source, f"{path}: {before!r} not found; this test's edit needs updating"
    path.write_text(source.replace(before, text + before, count), encoding="utf-8")


def _add_relu(copy: Path) -> None:
    (copy / "solutions/jit.py").write_text((copy / "solutions/jit.py").read_text(encoding="utf-8") + _SOLUTION,
                                           encoding="utf-8")
    catalogue = copy / "graders/judge/catalogue/jit.py"
    _insert(catalogue, "ASSIGNMENT = Assignment(", _EXERCISE)
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(re.sub(r"exercises=\(([^)]*)\)", r"exercises=(\1, RELU)", text, count=1), encoding="utf-8")
    content = copy / "graders/course/content/jit.py"
    blocks = content.read_text(encoding="utf-8")
    # Last in the notebook, as it is last in the assignment: after the final GradedExercise's block.
    last = blocks.rindex("        GradedExercise(")
    end = blocks.index("\n        ),\n", last) + len("\n        ),\n")
    content.write_text(blocks[:end] + _CONTENT + blocks[end:], encoding="utf-8")


def test_a_new_exercise_needs_its_three_files_and_one_command(tmp_path: Path) -> None:
    copy = _copy_of_the_repository(tmp_path / "course")
    _add_relu(copy)
    venv = Path(sys.executable).parent.parent
    environment = {**os.environ, "PYTHONPATH": str(copy), "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    environment.pop("PYTEST_XDIST_WORKER", None)
    changed = _exercise_check(copy, "jit", environment)
    assert _EDITED <= changed
    assert {"exercises/jit/jit.ipynb", "release/jit/jit.ipynb", "README.md"} <= changed
    unexpected = sorted(name for name in changed - _EDITED if not _WRITTEN.fullmatch(name))
    assert unexpected == [], f"adding an exercise changed files the README does not name: {unexpected}"
    assert "`relu(x)`" in (copy / "README.md").read_text(encoding="utf-8")
    reference = (copy / "tests/golden/solutions__jit.py.json").read_text(encoding="utf-8")
    assert '"name": "relu"' in reference
