"""A step of nbgrader's autograde pipeline that crashes the machine where it stands, for the crash tests.

`tests/e2e/course/test_integrity.py` puts it into a course's `c.Autograde.autograde_preprocessors` at the
point to crash: before the judge's step (between nbgrader's two passes), after the gradebook is
written, after the judge's record. It SIGKILLs the process running it (`jaxgrade`, which runs
nbgrader's autograde in process; or an `nbgrader autograde` process) and, with
`JAXGRADE_TEST_CRASH_PARENT=1`, a parent that is `jaxgrade` too: as a power cut would, nothing gets to
clean up.
"""

from __future__ import annotations

import os
import signal
from typing import Any

from nbgrader.preprocessors import NbGraderPreprocessor


class CrashHere(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader ships no types
    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        if os.environ.get("JAXGRADE_TEST_CRASH_PARENT") == "1" and _is_jaxgrade(os.getppid()):
            os.kill(os.getppid(), signal.SIGKILL)
        os.kill(os.getpid(), signal.SIGKILL)
        return nb, resources  # never reached


def _is_jaxgrade(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return b"jaxgrade" in handle.read()
    except OSError:
        return False
