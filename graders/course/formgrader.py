"""The formgrader's Autograde button, off the server's event loop, and its pages framed by JupyterLab:
a Jupyter server extension.

nbgrader's formgrader autogrades in the instructor's Jupyter server itself, synchronously: while a
submission is graded (seconds; a student's 40 s sleep, 36 s) the whole server stops answering, the
notebooks and the formgrader alike. With this extension (enabled by installing jaxgrade, through
`etc/jupyter/jupyter_server_config.d/jaxgrade.json`), the button's request is answered by a handler
that runs `jaxgrade autograde ASSIGNMENT --student STUDENT` in a process of its own and awaits it
without blocking: the one way to grade, from the formgrader as from the command line (collect the
student's own last on-time submission, grade it unless the judge already graded exactly it, audit),
while the server goes on answering everyone. The reply has the form nbgrader's formgrader expects
(`success`, `log`, `error`).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from nbgrader.server_extensions.formgrader.base import BaseApiHandler, check_notebook_dir, check_xsrf
from tornado import httputil, web
from tornado.web import OutputTransform

__all__ = ["AutogradeOffTheLoop", "framed_by_its_own_lab"]

_AUTOGRADE = r"/formgrader/api/submission/([^/]+)/([^/]+)/autograde"
# The reply's log: the end of what `jaxgrade autograde` printed, enough for its summary.
_LOG_CHARACTERS = 6000


class AutogradeOffTheLoop(BaseApiHandler):  # type: ignore[misc]  # nbgrader ships no types
    """POST: grade one student's submission in a `jaxgrade autograde` process, awaited off the event loop."""

    # nbgrader's own checks, as on its handler: the same login, XSRF token and course directory.
    @web.authenticated
    @check_xsrf  # type: ignore[untyped-decorator]  # nbgrader ships no types
    @check_notebook_dir  # type: ignore[untyped-decorator]
    async def post(self, assignment_id: str, student_id: str) -> None:
        course = Path(self.coursedir.root)
        command = [str(Path(sys.executable).with_name("jaxgrade")), "autograde", assignment_id,
                   "--student", student_id, "--course", str(course)]
        process = await asyncio.create_subprocess_exec(*command, cwd=course, stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.PIPE)
        stdout, stderr = await process.communicate()
        log = (stdout.decode(errors="replace") + stderr.decode(errors="replace"))[-_LOG_CHARACTERS:]
        reply: dict[str, Any] = {"success": process.returncode == 0, "log": log}
        if process.returncode != 0:
            lines = [line for line in stderr.decode(errors="replace").splitlines() if line.strip()]
            reply["error"] = (lines or [f"jaxgrade autograde ended with exit status {process.returncode}"])[-1]
        self.write(json.dumps(reply))


def framed_by_its_own_lab(base_url: str) -> type[OutputTransform]:
    """A tornado transform: the formgrader's pages may be framed by the same origin, nothing else may.

    JupyterHub sends `frame-ancestors 'none'` on every page of a single-user server, so that one user's server
    cannot frame another's on a same-origin hub; JupyterLab's Nbgrader > Formgrader opens the formgrader in a
    frame, and it showed "refused to connect" (nbgrader #1870). This extension is loaded only in the
    instructor's environment, and relaxes the policy to `'self'` on the formgrader's pages alone: JupyterLab
    itself, the API, files and every student's server keep `'none'`. What may then frame a formgrader page
    is a page of the hub's origin that the instructor's browser opens, and no student's server can be one of
    those: the hub lets no instructor open a student's server unless made an admin (docs/deploy.md).
    """
    pages = url_path_join(base_url, "formgrader")
    api = url_path_join(pages, "api")

    class FramedByItsOwnLab(OutputTransform):
        def __init__(self, request: httputil.HTTPServerRequest) -> None:
            path = request.path
            self.applies = (path == pages or path.startswith(pages + "/")) and not path.startswith(api)

        def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes,
                                  finishing: bool) -> tuple[int, httputil.HTTPHeaders, bytes]:
            policy = headers.get("Content-Security-Policy")
            if self.applies and policy is not None:
                headers["Content-Security-Policy"] = policy.replace("frame-ancestors 'none'",
                                                                    "frame-ancestors 'self'")
            return status_code, headers, chunk

    return FramedByItsOwnLab


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "graders.course.formgrader"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Put the handler ahead of nbgrader's for the same URL, whichever extension loaded first: tornado
    serves a request from the first group of rules that has a handler for its path."""
    webapp = serverapp.web_app
    pattern = url_path_join(webapp.settings["base_url"], _AUTOGRADE)
    webapp.add_handlers(".*$", [(pattern, AutogradeOffTheLoop)])
    rules = webapp.default_router.rules
    # add_handlers puts the new group just before tornado's last, catch-all group.
    rules.insert(0, rules.pop(-2))
    webapp.add_transform(framed_by_its_own_lab(webapp.settings["base_url"]))
    serverapp.log.info("jaxgrade: the formgrader's Autograde runs `jaxgrade autograde` off the event loop")
