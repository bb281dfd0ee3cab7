"""jaxgrade installed regularly (`pip install '.[course]'`, not editable), as docs/deploy.md installs it for a hub.

There `graders` and `solutions` share site-packages with NumPy and JAX. The worker must still find NumPy and
JAX (it once found nothing: every submission, the reference included, crashed while loading and got 0), and
must not find the solutions: the sandbox blanks both packages out. The environment is `make hub-env`'s.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ...conftest import max_score
from ..course.nbgrader_course import REPO

INSTRUCTOR_ENV = Path(os.environ.get("JAXGRADE_HUB_DIR", "/opt/jaxgrade-test/hub")) / "instructor"

pytestmark = [
    pytest.mark.skipif(os.getuid() != 0, reason="`make hub-env` builds the environment as root only"),
    pytest.mark.skipif(shutil.which("bwrap") is None and not os.environ.get("CI"), reason="no bubblewrap"),
]

PEEK = """
def norm(X):
    import solutions.jit
    return solutions.jit.norm(X)
"""


def test_a_regular_install_grades_and_keeps_the_solutions_out_of_the_workers_reach(tmp_path: Path) -> None:
    if not (INSTRUCTOR_ENV / ".stamp").exists():
        pytest.fail(f"{INSTRUCTOR_ENV} is not built: run `make hub-env` (make test does, as root)")
    site_packages = next((INSTRUCTOR_ENV / "lib").glob("python3*/site-packages"))
    assert (site_packages / "graders" / "judge" / "grade.py").is_file()
    assert (site_packages / "solutions" / "jit.py").is_file()
    reference, peek = tmp_path / "reference.py", tmp_path / "peek.py"
    shutil.copy(REPO / "solutions" / "jit.py", reference)
    peek.write_text(PEEK)
    environment = {"PATH": f"{INSTRUCTOR_ENV / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
                   "JAXGRADE_CACHE_DIR": "off"}
    graded = subprocess.run([str(INSTRUCTOR_ENV / "bin" / "jaxgrade"), "grade", "--assignment", "jit", "--lang", "en",
                             "--format", "json", str(reference), str(peek)], cwd=tmp_path, env=environment,
                            capture_output=True, text=True, timeout=900)
    assert graded.returncode == 0, graded.stderr[-3000:]
    first, second = json.loads(graded.stdout)
    assert first["score"] == max_score("jit"), first
    assert not any(flag.startswith("less-isolated") for flag in first["flags"]), first["flags"]
    correctness = second["exercises"][0]["checks"][0]
    assert correctness["score"] == 0 and "No module named 'solutions.jit'" in correctness["message"], correctness
