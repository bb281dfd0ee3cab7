"""A student's JupyterLab, as far as Submit and Fetch Feedback go: nbgrader's exchange, in one process.

JupyterLab's Assignments panel does not start an `nbgrader` process per click: its server extension
(`nbgrader.server_extensions.assignment_list.handlers.AssignmentList`) loads the configuration from the
student's folders and calls the exchange's `Submit` or `FetchFeedback` in the Jupyter server's own
process. This script does the same, step for step, for `benchmarks/watch_latency.py --student-side lab`,
so that the benchmark times what a student in JupyterLab waits for, without a process's start-up per
click. It is run with the students' environment (`.venv-student`), which has nbgrader but not the grader.

Protocol, one line each way: `submit STUDENT HOME` or `fetch STUDENT HOME` in, `ok` or `error TEXT` out.
All students share the one OS account here, so the student id is set as `--student=` sets it.
"""

from __future__ import annotations

import os
import sys
import traceback

from jupyter_core.paths import jupyter_config_path
from nbgrader.apps import NbGrader
from nbgrader.auth import Authenticator
from nbgrader.coursedir import CourseDirectory
from nbgrader.exchange import ExchangeFactory

ASSIGNMENT, COURSE_ID = "jit", "jax-course"


def _config(home: str):
    """The configuration as the extension loads it: the working folder first, then Jupyter's paths."""
    paths = jupyter_config_path()
    paths.insert(0, os.getcwd())
    app = NbGrader()
    app.config_file_paths.append(paths)
    app.load_config_file()
    return app.config


def handle(step: str, student: str, home: str) -> None:
    os.environ["HOME"] = home
    os.chdir(home)
    config = _config(home)
    config.CourseDirectory.course_id = COURSE_ID
    config.CourseDirectory.assignment_id = ASSIGNMENT
    config.CourseDirectory.student_id = student
    coursedir = CourseDirectory(config=config)
    authenticator = Authenticator(config=config)
    factory = ExchangeFactory(config=config)
    kind = {"submit": factory.Submit, "fetch": factory.FetchFeedback}[step]
    kind(coursedir=coursedir, authenticator=authenticator, config=config).start()


def main() -> None:
    for line in sys.stdin:
        try:
            step, student, home = line.split()
            handle(step, student, home)
        except Exception:  # noqa: BLE001 - reported to the benchmark, which decides
            reply = "error " + traceback.format_exc().strip().splitlines()[-1]
        else:
            reply = "ok"
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
