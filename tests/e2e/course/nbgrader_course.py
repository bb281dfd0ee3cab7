"""A throwaway nbgrader course and exchange on this machine, driven by nbgrader's own commands."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from graders.course.notebooks import grade_cell_id, solution_cell_id

REPO = Path(__file__).resolve().parents[3]
BIN = Path(sys.executable).parent
# A student's environment as the README has students make one (`make student-env` builds it): JupyterLab,
# nbgrader and JAX, without the grader or the solutions.
STUDENT_BIN = REPO / ".venv-student" / "bin"


def copy_course_config(root: Path, lang: str = "en") -> Path:
    """The course's nbgrader_config.py in `root`, in `lang` (the tests read English)."""
    config = root / "nbgrader_config.py"
    shutil.copy(REPO / "nbgrader_config.py", config)
    with config.open("a") as handle:
        handle.write(f"\nc.JaxgradeScores.lang = {lang!r}\n")
    return config


@dataclass
class Course:
    root: Path
    exchange: Path
    homes: Path
    batch: subprocess.CompletedProcess[str] | None = None

    @classmethod
    def create(cls, base: Path) -> Course:
        root, exchange, homes = base / "course", base / "exchange", base / "homes"
        root.mkdir()
        exchange.mkdir()
        homes.mkdir()
        copy_course_config(root)
        shutil.copytree(REPO / "exercises", root / "exercises")
        return cls(root, exchange, homes)

    def env(self, home: Path) -> dict[str, str]:
        return {
            **os.environ,
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": str(home),
            "JAXGRADE_EXCHANGE": str(self.exchange),
            "JAXGRADE_LANG": "en",
        }

    def student_env(self, home: Path) -> dict[str, str]:
        if not (STUDENT_BIN / "nbgrader").exists():
            raise AssertionError(f"{STUDENT_BIN} has no nbgrader; run `make student-env` (make test does)")
        environment = {key: value for key, value in self.env(home).items() if key != "PYTHONPATH"}
        environment["PATH"] = f"{STUDENT_BIN}{os.pathsep}{os.environ.get('PATH', '')}"
        return environment

    def instructor(self, *args: str) -> subprocess.CompletedProcess[str]:
        return _run([str(BIN / "nbgrader"), *args], cwd=self.root, env=self.env(self.homes))

    def student_home(self, student: str) -> Path:
        home = self.homes / student
        if not home.exists():
            (home / ".jupyter").mkdir(parents=True)
            shutil.copy(REPO / "deploy" / "student_nbgrader_config.py", home / ".jupyter" / "nbgrader_config.py")
        return home

    def student(self, student: str, *args: str) -> subprocess.CompletedProcess[str]:
        """nbgrader as the student runs it: from the student's environment, in their home."""
        home = self.student_home(student)
        return _run([str(STUDENT_BIN / "nbgrader"), *args], cwd=home, env=self.student_env(home))

    def student_notebook(self, student: str, assignment: str) -> Path:
        return self.student_home(student) / assignment / f"{assignment}.ipynb"

    @classmethod
    def released(cls, base: Path, assignment: str, students: tuple[str, ...], config: str = "") -> Course:
        """A course with `config` added to its nbgrader_config.py, `assignment` generated and released,
        and fetched by each of `students`.

        nbgrader generates and releases each (assignment, config) once per test process, into a course
        kept aside (3.2 s of nbgrader each time); every test gets its own copy of that course and its
        exchange, and its students fetch from there with nbgrader as before."""
        template = _released_template(assignment, config)
        course = cls(base / "course", base / "exchange", base / "homes")
        shutil.copytree(template.root, course.root)
        shutil.copytree(template.exchange, course.exchange)
        course.homes.mkdir()
        for student in students:
            course.student(student, "fetch_assignment", assignment, "--course", "jax-course")
        return course

    def answer(self, student: str, assignment: str, answers: dict[str, str]) -> None:
        """Each exercise's solution cell in the student's notebook set to its source."""
        for exercise, source in answers.items():
            set_solution(self.student_notebook(student, assignment), exercise, source)

    def submit(self, student: str, assignment: str) -> subprocess.CompletedProcess[str]:
        return self.student(student, "submit", assignment, "--course", "jax-course", f"--student={student}")


# Courses generated and released once per test process, by (assignment, config); removed when it exits.
_TEMPLATES: dict[tuple[str, str], Course] = {}


def _released_template(assignment: str, config: str) -> Course:
    key = (assignment, config)
    if key not in _TEMPLATES:
        folder = Path(tempfile.mkdtemp(prefix="jaxgrade-course-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = Course.create(folder)
        if config:
            with (template.root / "nbgrader_config.py").open("a") as handle:
                handle.write("\n" + config + "\n")
        template.instructor("generate_assignment", assignment, "--force")
        template.instructor("release_assignment", assignment, "--force")
        _TEMPLATES[key] = template
    return _TEMPLATES[key]


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    if completed.returncode != 0:
        raise AssertionError(f"{' '.join(command[1:])} failed ({completed.returncode}):\n{completed.stderr[-3000:]}")
    return completed


def set_solution(path: Path, exercise: str, source: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == solution_cell_id(exercise):
            cell.source = source
            break
    else:
        raise AssertionError(f"no solution cell for {exercise} in {path}")
    nbformat.write(notebook, path)


def edit_grade_cell(path: Path, exercise: str, source: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_cell_id(exercise):
            cell.source = source
    nbformat.write(notebook, path)


def delete_grade_cell(path: Path, exercise: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells = [c for c in notebook.cells
                      if c.metadata.get("nbgrader", {}).get("grade_id") != grade_cell_id(exercise)]
    nbformat.write(notebook, path)


def solution_sources(path: Path) -> dict[str, str]:
    """Solution cell sources of a source notebook, keyed by exercise."""
    notebook = nbformat.read(path, as_version=4)
    sources = {}
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("solution_"):
            sources[grade_id[len("solution_"):]] = cell.source
    return sources


def student_answers(assignment: str) -> dict[str, str]:
    """The reference answers of `assignment`'s source notebook, as a student would write them: without
    the instructor's solution markers."""
    sources = solution_sources(REPO / "exercises" / assignment / f"{assignment}.ipynb")
    return {exercise: "\n".join(line for line in source.splitlines() if "SOLUTION" not in line)
            for exercise, source in sources.items()}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_instructor_server(course: Course, root_dir: Path, port: int, token: str, log: Any) -> subprocess.Popen[bytes]:
    """The instructor's Jupyter server, as they start it in the course directory: the course's
    nbgrader_config.py, nbgrader's formgrader and jaxgrade's extension; returns once it answers."""
    import time
    import urllib.request

    server = subprocess.Popen(
        [str(BIN / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
         f"--ServerApp.token={token}", f"--ServerApp.root_dir={root_dir}"],
        cwd=course.root, env=course.env(course.homes), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while True:
        if server.poll() is not None:
            raise AssertionError(f"the Jupyter server exited; see {log.name}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2) as reply:
                if reply.status == 200:
                    return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_server(server)
            raise AssertionError(f"the Jupyter server did not answer in 120 s; see {log.name}")
        time.sleep(0.3)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop a server started in a session of its own, and everything it started."""
    import signal

    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=15)
