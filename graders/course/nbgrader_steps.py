"""nbgrader's steps, in this process, through its own API: collect, autograde, generate and release feedback.

`NbGraderAPI` is what nbgrader's formgrader calls; each step for one student takes a fraction of a
second here, against seconds to start an `nbgrader` process. Collecting always goes through
`collect.VerifiedCollect`, whatever the course's config names, so `jaxgrade watch` and
`jaxgrade autograde` never take a submission nbgrader's own collect would take on trust.
"""

from __future__ import annotations

import logging
import threading
import warnings
from pathlib import Path
from typing import Any

__all__ = ["CourseSteps", "StepFailed", "course_language", "load_course_config"]


class StepFailed(RuntimeError):
    """An nbgrader step failed; the message is its last error line."""


def load_course_config(course: Path) -> Any:
    """The course's `nbgrader_config.py`, as nbgrader loads it."""
    from traitlets.config.loader import PyFileConfigLoader

    return PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()


def course_language(course: Path) -> str:
    """The language of the course's feedback (`c.JaxgradeScores.lang`), as nbgrader's autograde uses it."""
    from graders.common.i18n import DEFAULT_LANGUAGE, LANGUAGES

    lang = str(load_course_config(course).JaxgradeScores.get("lang", DEFAULT_LANGUAGE))
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


class CourseSteps:
    """One course and assignment; the steps run one at a time (nbgrader's API is not for threads)."""

    def __init__(self, course: Path, assignment: str) -> None:
        self.course, self.assignment = course, assignment
        self._lock = threading.Lock()
        self._api: Any = None

    def inbound(self) -> Path:
        """The exchange's inbound folder of the course, as the course's config names it."""
        config = load_course_config(self.course)
        root = str(config.Exchange.get("root", "/srv/nbgrader/exchange"))
        return Path(root) / str(config.CourseDirectory.get("course_id", "")) / "inbound"

    def collect(self, student: str | None = None) -> str:
        """Collect `student`'s submission (everyone's, without one); the step's log, where every
        entry that was not collected is named with why."""
        return self._call("collect", student, update=True)

    def autograde(self, student: str) -> str:
        """nbgrader's autograde of `student`'s collected submission (again, if graded before), in this
        process: the engine wired in by the course's config records the judge's verdict (`grade_ahead`
        made it) in the gradebook and the autograded notebook. Its log."""
        return self._call("autograde", student, student_id=student, force=True, create=True)

    def generate_feedback(self, student: str) -> None:
        self._call("generate_feedback", student, student_id=student, force=True)

    def release_feedback(self, student: str) -> None:
        self._call("release_feedback", student, student_id=student)

    def warm(self) -> None:
        """nbgrader's API and the converters its steps use, imported now rather than by a first submission."""
        with self._lock:
            self._started()
            import nbconvert.exporters  # noqa: F401 - imported for its cost, once
            import nbgrader.converters  # noqa: F401

    def _call(self, step: str, student: str | None, **arguments: Any) -> str:
        from nbgrader.utils import temp_attrs

        with self._lock, warnings.catch_warnings():
            # nbgrader's own gradebook code trips SQLAlchemy's autoflush warnings; nothing here can act on them.
            warnings.filterwarnings("ignore", module="nbgrader")
            warnings.filterwarnings("ignore", message=".*not in session.*")
            api = self._started()
            # collect takes no student; the exchange reads it from the course directory.
            with temp_attrs(api.coursedir, student_id=student or ""):
                result = getattr(api, step)(self.assignment, **arguments)
        log = str(result.get("log", ""))
        if not result.get("success"):
            lines = [line for line in (log + "\n" + str(result.get("error", ""))).splitlines() if line.strip()]
            errors = [line for line in lines if "ERROR" in line or "Error" in line]
            who = f" for {student}" if student else ""
            raise StepFailed(f"nbgrader {step} failed{who}: {(errors or lines or ['no reason given'])[-1]}")
        return log

    def _started(self) -> Any:
        if self._api is None:
            from nbgrader.apps.api import NbGraderAPI
            from nbgrader.coursedir import CourseDirectory

            config = load_course_config(self.course)
            config.ExchangeFactory.collect = "graders.course.collect.VerifiedCollect"
            config.ExchangeFactory.release_feedback = "graders.course.notebook_names.ReleaseFeedbackUnderSubmittedNames"
            # Each step's log is in its result (`capture_log`); this logger only keeps it off the terminal.
            quiet = logging.getLogger("jaxgrade.nbgrader")
            quiet.propagate = False
            if not quiet.handlers:
                quiet.addHandler(logging.NullHandler())
            coursedir = CourseDirectory(config=config, root=str(self.course.resolve()), log=quiet)
            self._api = NbGraderAPI(coursedir=coursedir, config=config, log=quiet)
        return self._api
