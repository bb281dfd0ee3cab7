"""The formgrader's Autograde button does not freeze the instructor's Jupyter server (issue 29).

A real course, a real Jupyter server started in it as the instructor starts it (nbgrader's formgrader,
jaxgrade's extension), and a submission that sleeps while it loads, as a slow student's would. The
button's request (the formgrader's own API, with its XSRF token) runs for as long as grading takes;
meanwhile `/api/status` is asked every 0.1 s and must answer within 0.2 s (nbgrader's own handler
held it for the whole grading: 3.2 s for an ordinary notebook, 35.7 s for a 40 s sleep).
"""

from __future__ import annotations

import http.cookiejar
import json
import statistics
import threading
import time
import urllib.request
from pathlib import Path

from nbgrader.api import Gradebook

from ..conftest import max_score
from ..e2e.course.nbgrader_course import (
    Course,
    free_port,
    set_solution,
    start_instructor_server,
    stop_server,
    student_answers,
)

ASSIGNMENT = "jit"
TOKEN = "jaxgrade-formgrader-token"
SLEEP_SECONDS = 8


# A latency bound: `make test` runs it in its quiet pass, with no other test loading the cores.
def test_autograde_from_the_formgrader_leaves_the_server_answering(tmp_path: Path) -> None:
    course = Course.create(tmp_path)
    course.instructor("generate_assignment", ASSIGNMENT, "--force")
    course.instructor("release_assignment", ASSIGNMENT, "--force")
    course.student("slow", "fetch_assignment", ASSIGNMENT, "--course", "jax-course")
    notebook = course.student_notebook("slow", ASSIGNMENT)
    answers = student_answers(ASSIGNMENT)
    for exercise, source in answers.items():
        set_solution(notebook, exercise, source)
    set_solution(notebook, "flatten", f"import time\ntime.sleep({SLEEP_SECONDS})\n\n{answers['flatten']}")
    course.student("slow", "submit", ASSIGNMENT, "--course", "jax-course", "--student=slow")
    course.instructor("collect", ASSIGNMENT)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "wb") as log:
        server = start_instructor_server(course, course.root, port, TOKEN, log)
        try:
            cookies = http.cookiejar.CookieJar()
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
            # The formgrader's page sets the XSRF cookie its own buttons send back.
            opener.open(f"{base}/formgrader?token={TOKEN}", timeout=60).read()
            xsrf = next(cookie.value for cookie in cookies if cookie.name == "_xsrf")
            reply: dict[str, object] = {}

            def autograde() -> None:
                request = urllib.request.Request(
                    f"{base}/formgrader/api/submission/{ASSIGNMENT}/slow/autograde?token={TOKEN}", data=b"",
                    method="POST", headers={"X-XSRFToken": xsrf})
                with opener.open(request, timeout=600) as answer:
                    reply.update(json.loads(answer.read()))

            worker = threading.Thread(target=autograde)
            started = time.monotonic()
            worker.start()
            latencies = []
            while worker.is_alive():
                asked = time.monotonic()
                with urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=30) as status:
                    assert status.status == 200
                latencies.append(time.monotonic() - asked)
                time.sleep(0.1)
            took = time.monotonic() - started
        finally:
            stop_server(server)

    assert reply.get("success") is True, reply
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        assert gradebook.find_submission(ASSIGNMENT, "slow").score == max_score(ASSIGNMENT)
    assert took > SLEEP_SECONDS and len(latencies) > SLEEP_SECONDS * 3, (took, len(latencies))
    print(f"formgrader autograde {took:.1f} s; /api/status asked {len(latencies)} times meanwhile: "
          f"median {1000 * statistics.median(latencies):.0f} ms, worst {1000 * max(latencies):.0f} ms")
    assert max(latencies) < 0.2, sorted(latencies)[-5:]
