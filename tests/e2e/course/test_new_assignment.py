"""A new assignment is what the README says: `jaxgrade course new`, three files edited by hand, one command.

In a temporary copy of the repository, `jaxgrade course new toy-clip` writes the assignment's files from
its worked exercise; `jaxgrade course try` grades the draft at once (reference full marks, stub 0, a file
given); the author then adds an exercise of their own, `relu`, by editing the three files the README names
(the reference, the spec, the notebook's content). `make exercise-check ASSIGNMENT=toy-clip REGENERATE=1`
must then pass with nothing else edited: every file that changed is one the scaffold or the command wrote.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from .test_add_an_exercise import _SOLUTION, _copy_of_the_repository, _exercise_check, _insert

_EXERCISE = '''RELU = Exercise(
    name="relu",
    reference=reference.relu,
    inputs=_clip_calls(),
    checks=(Correctness(2), Jit(1), NoMutation(1), NoGlobals(1)),
    summary={"en": "max(x, 0), elementwise", "ko": "원소별 max(x, 0)"},
)

'''

_CONTENT = '''        GradedExercise(
            exercise="relu",
            statement="""
- `x`: `float32` 배열.

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

_SCAFFOLDED = {"solutions/toy_clip.py", "graders/judge/catalogue/toy_clip.py", "graders/course/content/toy_clip.py",
               "tests/submissions/toy_clip/stub.py", "tests/submissions/toy_clip/correct_alternative.py"}
# What `make exercise-check ... REGENERATE=1` writes: the notebooks, the README's table, golden reports.
_WRITTEN = re.compile(r"(exercises|release)/toy-clip/toy-clip\.ipynb|README\.md|tests/golden/[^/]+\.json")


def _jaxgrade(copy: Path, environment: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "graders.cli", *arguments], cwd=copy, env=environment,
                          capture_output=True, text=True, timeout=600)


def test_a_new_assignment_is_scaffolded_tried_and_checked_with_three_files_edited(tmp_path: Path) -> None:
    copy = _copy_of_the_repository(tmp_path / "course")
    venv = Path(sys.executable).parent.parent
    environment = {**os.environ, "PYTHONPATH": str(copy), "JAXGRADE_LANG": "en",
                   "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    environment.pop("PYTEST_XDIST_WORKER", None)

    refused = _jaxgrade(copy, environment, "course", "new", "Toy_Clip")
    assert refused.returncode == 2 and "lower-case words joined by hyphens" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    made = _jaxgrade(copy, environment, "course", "new", "toy-clip", "--title-en", "Clipping", "--title-ko", "자르기")
    assert made.returncode == 0, made.stderr
    again = _jaxgrade(copy, environment, "course", "new", "toy-clip")
    assert again.returncode == 2 and "is an assignment already" in again.stderr

    alternative = "tests/submissions/toy_clip/correct_alternative.py"
    tried = _jaxgrade(copy, environment, "course", "try", "toy-clip", alternative)
    assert tried.returncode == 0, tried.stdout[-3000:] + tried.stderr[-2000:]
    assert "ok   toy_clip.py earns full marks (5/5)" in tried.stdout and "ok   stub.py scores 0 (0/5)" in tried.stdout
    assert "Score: 5 / 5" in tried.stdout

    # The author's own exercise, in the three files the README names.
    (copy / "solutions/toy_clip.py").write_text(
        (copy / "solutions/toy_clip.py").read_text(encoding="utf-8") + _SOLUTION, encoding="utf-8")
    spec = copy / "graders/judge/catalogue/toy_clip.py"
    _insert(spec, "ASSIGNMENT = Assignment(", _EXERCISE)
    listed = spec.read_text(encoding="utf-8").replace("exercises=(CLIP_TO_UNIT,)", "exercises=(CLIP_TO_UNIT, RELU)")
    spec.write_text(listed, encoding="utf-8")
    _insert(copy / "graders/course/content/toy_clip.py", "        Markdown(\"\"\"\n모든 자가 점검이", _CONTENT)
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import jax.numpy as jnp\n\n\ndef clip_to_unit(x):\n    return jnp.clip(x, -1.0, 1.0)\n\n\n"
                     "def relu(x):\n    return jnp.abs(x)\n", encoding="utf-8")
    tried = _jaxgrade(copy, environment, "course", "try", "toy-clip", str(wrong))
    assert tried.returncode == 0, tried.stdout[-3000:] + tried.stderr[-2000:]
    assert "ok   toy_clip.py earns full marks (10/10)" in tried.stdout
    assert "line 9" in tried.stdout and "relu" in tried.stdout  # the wrong answer named at its line

    changed = _exercise_check(copy, "toy-clip", environment)
    assert _SCAFFOLDED <= changed
    assert {"exercises/toy-clip/toy-clip.ipynb", "release/toy-clip/toy-clip.ipynb", "README.md"} <= changed
    unexpected = sorted(name for name in changed - _SCAFFOLDED if not _WRITTEN.fullmatch(name))
    assert unexpected == [], f"adding an assignment changed files the README does not name: {unexpected}"
    assert "`relu(x)`" in (copy / "README.md").read_text(encoding="utf-8")
