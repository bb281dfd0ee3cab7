"""`jaxgrade watch` seen from a student's JupyterLab, in a real headless Chromium (Debian's), on localhost.

The student's side is set up as in `test_jupyterlab.py`: their own environment (`.venv-student`), nbgrader's
student config in their home, JupyterLab started there, outside the course repository. In nbgrader's Assignments
panel the student presses Submit; the instructor's service (`jaxgrade watch jit --once`, a subprocess) grades
and releases the feedback; the student refreshes the panel, presses Fetch Feedback, follows "(view feedback)"
and opens the page in JupyterLab, where the judge's verdict must be. The server is stopped afterwards.
"""

from __future__ import annotations

import re
import socket
import subprocess
import time
from pathlib import Path

from PIL import Image

from ...browser import needs_chromium, start_chromium
from ...conftest import max_score, points
from .nbgrader_course import BIN, REPO, STUDENT_BIN, Course, free_port, set_solution, stop_server
from .test_jupyterlab import TOKEN, _menu, _wait
from .test_watch import _reference_lines

pytestmark = needs_chromium

ASSIGNMENT = "jit"
# Right, but not jit-compiled: the verdict names the check it fails and the points it keeps.
NORM = "def norm(X):\n    centred = X - X.mean(axis=0)\n    return centred / X.std(axis=0)"


def _start_lab(course: Course, home: Path, port: int, log) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(STUDENT_BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
         f"--ServerApp.token={TOKEN}", "--LabApp.news_url=''"],
        cwd=home, env=course.student_env(home), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    deadline = time.monotonic() + 90
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                stop_server(server)
                raise AssertionError(f"JupyterLab did not start; see {log.name}") from None
            time.sleep(0.3)


def test_student_submits_and_fetches_the_judged_feedback_in_jupyterlab(tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    course = Course.released(tmp_path, ASSIGNMENT, ("minji",))
    set_solution(course.student_notebook("minji", ASSIGNMENT), "norm", NORM)
    home = course.student_home("minji")
    assert REPO not in home.parents and home not in REPO.parents

    with open(tmp_path / "jupyterlab.log", "w") as log:
        port = free_port()
        server = _start_lab(course, home, port, log)
        url = f"http://127.0.0.1:{port}"
        driver = None
        try:
            driver = start_chromium(tmp_path / "chromium")
            driver.implicitly_wait(0)

            def body() -> str:
                return driver.find_element(By.TAG_NAME, "body").text

            def button(label: str):
                return [b for b in driver.find_elements(By.TAG_NAME, "button")
                        if b.text == label and b.is_displayed() and b.is_enabled()]

            def listed(name: str):
                return [item for item in driver.find_elements(By.CSS_SELECTOR, ".jp-DirListing-item")
                        if item.find_element(By.CSS_SELECTOR, ".jp-DirListing-itemName").text == name]

            driver.get(f"{url}/lab?token={TOKEN}")
            _wait(lambda: listed(ASSIGNMENT), what="the file browser to list the fetched assignment")
            _menu(driver, "Nbgrader", "Assignment List")
            _wait(lambda: "Downloaded assignments" in body(), what="the Assignments panel")

            # Submit: nbgrader copies the notebook into the exchange's inbound folder.
            _wait(lambda: button("Submit"), what="a Submit button")[0].click()
            inbound = course.exchange / "jax-course" / "inbound"
            _wait(lambda: [p for p in inbound.iterdir() if f"+{ASSIGNMENT}+" in p.name
                           and (p / f"{ASSIGNMENT}.ipynb").exists()], what="the submitted notebook")
            _wait(lambda: button("Fetch Feedback"), what="the submission in the submitted list")

            # The instructor's service grades what is in the exchange and releases the feedback.
            watched = subprocess.run(
                [str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root), "--once"],
                cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=900)
            assert watched.returncode == 0, watched.stderr[-3000:]
            assert "1 verdicts released" in watched.stdout, (watched.stdout, watched.stderr[-3000:])

            # The student refreshes the panel, sees feedback waiting, and fetches it.
            driver.find_element(By.ID, "refresh_assignments_list").click()
            _wait(lambda: "(feedback available to fetch)" in body(), what="the panel to offer the feedback")
            _wait(lambda: button("Fetch Feedback"), what="the Fetch Feedback button")[0].click()
            view = _wait(lambda: [a for a in driver.find_elements(By.TAG_NAME, "a")
                                  if a.text.strip() == "(view feedback)" and a.is_displayed()],
                         what="a (view feedback) link")[0]
            assert list((home / ASSIGNMENT / "feedback").glob(f"*/{ASSIGNMENT}.html"))
            view.click()  # the file browser goes to the fetched feedback's folder
            page = _wait(lambda: listed(f"{ASSIGNMENT}.html"), what="the feedback page in the file browser")[0]
            ActionChains(driver).double_click(page).perform()

            frame = _wait(lambda: [f for f in driver.find_elements(By.CSS_SELECTOR, ".jp-HTMLViewer iframe")
                                   if f.is_displayed()], what="the feedback page opened in JupyterLab")[0]

            def shown() -> str | None:
                text = driver.find_element(By.TAG_NAME, "body").text
                return text if "jaxgrade ·" in text else None  # the judge's part, below the notebook's own text

            driver.switch_to.frame(frame)
            try:
                verdict = _wait(shown, what="the verdict in the feedback page")
                heading = driver.find_element(By.XPATH, "//*[contains(text(), 'jaxgrade ·')]")
                driver.execute_script("arguments[0].scrollIntoView({block: 'start'});", heading)
            finally:
                driver.switch_to.default_content()
            kept = max_score(ASSIGNMENT, "norm") - points(ASSIGNMENT, "norm.jit_compiled", "norm.jit_speedup")
            assert f"jaxgrade · norm: {kept:g} / {max_score(ASSIGNMENT, 'norm'):g}" in verdict, verdict
            # One block per function: its mark and score, what is wrong first, a line per check, the rest folded.
            assert re.search(r"❌ jaxgrade · norm: .*\n+norm is not jit-compiled: ", verdict), verdict
            assert "❌ jit_compiled · failed · 0/1" in verdict and "✅ correctness · passed" in verdict, verdict
            for line in _reference_lines():  # nothing of the grader's reference solution
                assert line not in verdict, line

            # What the student sees: JupyterLab with the verdict in the feedback page's frame.
            screenshot = tmp_path / "feedback.png"
            assert driver.save_screenshot(str(screenshot))
            box = frame.rect
            with Image.open(screenshot) as image:
                assert image.width >= 1000 and image.height >= 600, image.size
                region = image.convert("RGB").crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]),
                                                  int(box["y"] + box["height"])))
            assert region.width > 500 and region.height > 300, region.size
            colours = region.getcolors(maxcolors=1 << 16)
            assert colours is None or len(colours) > 20, "the feedback page's frame is blank in the screenshot"
        finally:
            if driver is not None:
                driver.quit()
            stop_server(server)
    assert server.poll() is not None
