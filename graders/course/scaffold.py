"""`jaxgrade course new NAME`: every file a new assignment needs, written from one worked exercise.

The author then edits three of them (the reference, the spec, the notebook's content), as the README's
"Add an exercise" says, and tries the draft with `jaxgrade course try` before any release. The other two
(a stub and a correct alternative under `tests/submissions/`) are what the corpus grades for every
assignment: the stub must score 0 and the alternative full marks (`tests/corpus.py` finds them by folder).

Runs in the course author's process; never student code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ScaffoldError", "Scaffolded", "module_name", "new_assignment"]

# An assignment's name: lower-case words joined by hyphens, as nbgrader's folders and `--assignment` take it.
_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class ScaffoldError(Exception):
    """The name or the repository does not allow a new assignment; the message says why and what to do."""


@dataclass(frozen=True)
class Scaffolded:
    """What `new_assignment` wrote: the three files to edit, then the two the corpus grades."""

    edit: tuple[Path, ...]
    corpus: tuple[Path, ...]


def module_name(assignment: str) -> str:
    """The Python module name of an assignment's files: `random-vmap` -> `random_vmap`."""
    return assignment.replace("-", "_")


def new_assignment(root: Path, name: str, title_en: str = "", title_ko: str = "") -> Scaffolded:
    """Write a new assignment `name` into the course repository at `root`, with one worked exercise.

    Refuses (ScaffoldError) a name that is not lower-case words joined by hyphens, an assignment that
    exists, or a repository without the course's folders; writes nothing then."""
    if not _NAME.fullmatch(name):
        raise ScaffoldError(f"name={name!r} is not an assignment name: use lower-case words joined by hyphens, "
                            "such as random-vmap")
    from graders.judge.catalogue import load

    if name in load():
        raise ScaffoldError(f"name={name!r} is an assignment already (jaxgrade list shows it); choose another name")
    for folder in ("solutions", "graders/judge/catalogue", "graders/course/content", "tests/submissions"):
        if not (root / folder).is_dir():
            raise ScaffoldError(f"{root}: no {folder}/ here; run jaxgrade course new in the course repository "
                                "(or pass --root)")
    module = module_name(name)
    files = {
        root / "solutions" / f"{module}.py": _SOLUTION.format(name=name),
        root / "graders" / "judge" / "catalogue" / f"{module}.py": _SPEC.format(
            name=name, module=module, title_en=title_en or name, title_ko=title_ko or name),
        root / "graders" / "course" / "content" / f"{module}.py": _CONTENT.format(
            name=name, module=module, number=_next_number(root)),
        root / "tests" / "submissions" / module / "stub.py": _STUB.format(name=name),
        root / "tests" / "submissions" / module / "correct_alternative.py": _ALTERNATIVE.format(name=name),
    }
    taken = [str(path.relative_to(root)) for path in files if path.exists()]
    if taken:
        raise ScaffoldError(f"{', '.join(taken)} exists already; remove it or choose another name")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    paths = tuple(files)
    return Scaffolded(edit=paths[:3], corpus=paths[3:])


def _next_number(root: Path) -> int:
    """One more than the highest `number=` of the course's notebooks: the new one comes last."""
    numbers = [int(found) for path in (root / "graders" / "course" / "content").glob("*.py")
               for found in re.findall(r"^\s*number=(\d+),", path.read_text(encoding="utf-8"), re.M)]
    return max(numbers, default=0) + 1


_SOLUTION = '''"""Assignment `{name}`: the reference solutions (never released)."""

import jax.numpy as jnp


def clip_to_unit(x):
    return jnp.clip(x, -1.0, 1.0)
'''

_SPEC = '''"""Assignment `{name}`: {title_en}.

Written by `jaxgrade course new`; docs/authoring.md explains each field. Replace the worked exercise,
`clip_to_unit`, with your own, keeping its shape: a strategy that draws a `Call`, an `Exercise`, and the
`ASSIGNMENT` that lists the exercises in the notebook's order.
"""

from __future__ import annotations

from hypothesis import strategies as st

from graders.common.spec import Assignment, Call, Exercise
from solutions import {module} as reference

from ..checks import Correctness, Jit, NoGlobals, NoMutation
from ..strategies import float32_arrays, shapes


@st.composite
def _clip_calls(draw: st.DrawFn) -> Call:
    # A few fixed shapes, so the exercise compiles a bounded number of times; values past ±1 on both sides.
    shape = draw(shapes((5,), (2, 3)))
    return Call((draw(float32_arrays(shape, -3.0, 3.0)),))


CLIP_TO_UNIT = Exercise(
    name="clip_to_unit",
    reference=reference.clip_to_unit,
    inputs=_clip_calls(),
    # The checks with their points, the gate first: nothing else earns points until it passes.
    checks=(Correctness(2), Jit(1), NoMutation(1), NoGlobals(1)),
    summary={{
        "en": "x with every value limited to [-1, 1], elementwise",
        "ko": "x의 모든 값을 원소별로 [-1, 1] 범위로 제한",
    }},
)

ASSIGNMENT = Assignment(
    name="{name}",
    title={{"en": "{title_en}", "ko": "{title_ko}"}},
    exercises=(CLIP_TO_UNIT,),
)
'''

_CONTENT = '''"""Notebook `{name}` (Korean). Written by `jaxgrade course new`; docs/authoring.md explains each block."""

from __future__ import annotations

from ..notebooks import GradedExercise, Markdown, NotebookContent, Rules
from .common import setup

CONTENT = NotebookContent(
    assignment="{name}",
    notebook="{name}",
    solutions_module="solutions.{module}",
    number={number},
    blocks=(
        Markdown("""
이 과제의 소개를 여기에 쓰세요.
"""),
        Rules(),
        setup("import numpy as np\\nimport jax\\nimport jax.numpy as jnp"),
        GradedExercise(
            exercise="clip_to_unit",
            statement="""
- `x`: `float32` 배열.

원소별로 값을 `[-1, 1]` 범위로 제한한 배열을 반환하세요.
""",
            prompt="# 아래에 `clip_to_unit(x)`를 정의하세요.",
            selfcheck="""
def _check():
    out = np.asarray(clip_to_unit(jnp.array([-2.0, 0.5, 3.0])))
    assert np.allclose(out, [-1.0, 0.5, 1.0]), f"결과가 {{out.tolist()}}입니다."

selfcheck("clip_to_unit", _check)
""",
        ),
        Markdown("""
모든 자가 점검이 ✓이면 저장한 뒤 Assignments 패널에서 **Submit**하세요.
"""),
    ),
)
'''

_STUB = '''"""Assignment `{name}`, untouched (written from the spec by jaxgrade): it must score 0."""


def clip_to_unit(x):
    raise NotImplementedError
'''

_ALTERNATIVE = '''"""Assignment `{name}`, correct and written otherwise than the reference: it must get full marks."""

import jax.numpy as jnp


def clip_to_unit(x):
    return jnp.minimum(jnp.maximum(x, -1.0), 1.0)
'''
