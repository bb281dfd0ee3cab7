"""A real course on a real JupyterHub, deployed by docs/deploy.md's own commands, as a new instructor would.

The hub is JupyterHub 6.1.1 with configurable-http-proxy 4.6.3 (npm), PAM and the LocalProcessSpawner, in the
environments `make hub-env` builds (/opt/jaxgrade-test/hub: the page's environment block, which needs the
network, is the one part not run here). Every other block of the page runs as written, as root, after the page's
names block with only its values changed (the test's folders and accounts, free ports on 127.0.0.1, the due date
moved to a day from now in the course's zone). Step by step:

1. the page's blocks: the accounts (private homes), the exchange, the course (a clone of this repository with
   its committed release/, `jaxgrade course setup`, `jaxgrade course due`, the release, the cache), the hub's
   configuration, and the hub started by the page's command, with `jaxgrade watch jit` as a managed service;
2. in Chromium, each student logs in on the hub's login page, opens the Assignments panel, presses Fetch,
   works (the notebook edited as the student's own account), presses Submit, then Fetch Feedback, and reads
   their own verdict, and no one else's; between them, one student submits under the other's name from a
   terminal (`nbgrader submit --student`), which is never counted as the other's;
3. the due date passes and the service is killed: the hub starts it again, and past the deadline it stays
   idle instead of being started every 30 s;
4. the instructor logs in, opens the formgrader inside JupyterLab (its frame loads), collects and autogrades
   in the formgrader, and exports the grades in a JupyterLab terminal; the grades are each student's own;
5. the hub is stopped as the page says, and with it every process of the three accounts.

Every step's time is printed (`-s`, and the summary in any case).
"""

from __future__ import annotations

import csv
import grp
import json
import os
import pwd
import re
import secrets
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import psutil
import pytest

from graders.course.notebooks import solution_cell_id

from ...browser import needs_chromium, start_chromium
from ...conftest import max_score, points
from ..course.nbgrader_course import REPO, free_port, student_answers
from ..course.test_jupyterlab import _menu, _wait
from .docs_blocks import doc_block, doc_blocks, with_names

HUB_DIR = Path(os.environ.get("JAXGRADE_HUB_DIR", "/opt/jaxgrade-test/hub"))
# Made by `make hub-env`: the group that may read the instructor environment (it holds solutions/).
INSTRUCTORS_GROUP = "jaxgrade-test-instructors"
STUDENTS_GROUP = "jgtest-hub-students"
TEACHER, ALICE, BOB = "jgtest-hub-teacher", "jgtest-hub-alice", "jgtest-hub-bob"
ACCOUNTS = (TEACHER, ALICE, BOB)
ASSIGNMENT = "jit"
SERVICE = "jaxgrade-watch-jit"
DEPLOY_DOC = REPO / "docs" / "deploy.md"
# The course's zone (c.JaxgradeCourse.timezone in nbgrader_config.py), in which the page writes its due date.
SEOUL = ZoneInfo("Asia/Seoul")
# Bob's norm is right but not jit-compiled: his verdict and grade differ from Alice's full marks.
BOB_NORM = "def norm(X):\n    centred = X - X.mean(axis=0)\n    return centred / X.std(axis=0)"

pytestmark = [
    pytest.mark.hub,
    pytest.mark.e2e,
    needs_chromium,
    pytest.mark.skipif(os.getuid() != 0, reason="a hub starting servers as OS accounts needs root (CI runs as root)"),
    pytest.mark.skipif(shutil.which("useradd") is None or shutil.which("runuser") is None,
                       reason="no useradd or runuser on this machine"),
]


@dataclass
class Site:
    """The hub's machine as the test lays it out under `base`; `figures` are the measured seconds."""

    base: Path
    passwords: dict[str, str] = field(default_factory=dict)
    url: str = ""
    figures: dict[str, float] = field(default_factory=dict)

    @property
    def exchange(self) -> Path:
        return self.base / "exchange"

    @property
    def state(self) -> Path:
        return self.base / "hub"

    @property
    def homes(self) -> Path:
        return self.base / "home"

    @property
    def log(self) -> Path:
        return self.state / "jupyterhub.log"

    @property
    def course(self) -> Path:
        return self.home(TEACHER) / "jax-course"

    def home(self, account: str) -> Path:
        return self.homes / account

    def figure(self, name: str, seconds: float) -> None:
        self.figures[name] = seconds
        print(f"[hub] {name}: {seconds:.1f} s", flush=True)

    def as_account(self, account: str, command: str, *, cwd: Path | None = None, stdin: str | None = None,
                   check: bool = True) -> subprocess.CompletedProcess[str]:
        """`command` (sh) as `account` logs in: its own HOME, its environment first on PATH, nothing of root's."""
        environment = "instructor" if account == TEACHER else "student"
        variables = {"HOME": str(self.home(account)), "USER": account, "LOGNAME": account, "LANG": "C.UTF-8",
                     "PATH": f"{HUB_DIR / environment / 'bin'}:/usr/local/bin:/usr/bin:/bin",
                     "JAXGRADE_EXCHANGE": str(self.exchange)}
        completed = subprocess.run(["runuser", "-u", account, "--", "env", "-i",
                                    *(f"{key}={value}" for key, value in variables.items()), "sh", "-ec", command],
                                   cwd=cwd or self.home(account), input=stdin, capture_output=True, text=True,
                                   timeout=900)
        if check:
            assert completed.returncode == 0, (account, command, completed.stdout[-2000:], completed.stderr[-3000:])
        return completed

    def hub_log(self) -> str:
        return self.log.read_text(errors="replace")


def _run(*command: str, stdin: str | None = None) -> None:
    completed = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, (command, completed.stderr)


def _remove_accounts() -> None:
    for account in ACCOUNTS:
        subprocess.run(["pkill", "-KILL", "-u", account], capture_output=True)
    for account in ACCOUNTS:
        subprocess.run(["userdel", "--remove", account], capture_output=True)
    subprocess.run(["groupdel", STUDENTS_GROUP], capture_output=True)


@pytest.fixture
def site() -> Iterator[Site]:
    for stamp in ("hub", "student", "instructor", "proxy"):
        if not (HUB_DIR / stamp / ".stamp").exists():
            pytest.fail(f"{HUB_DIR / stamp} is not built: run `make hub-env` (make test does, as root)")
    _remove_accounts()  # what an interrupted run left
    base = Path(tempfile.mkdtemp(prefix="jaxgrade-hub-"))
    base.chmod(0o755)
    site = Site(base)
    try:
        yield site
    finally:
        _stop_hub(site)
        _remove_accounts()
        # What to look at after a failure: the hub's log (every server's and the service's lines), the pages.
        artifacts = os.environ.get("JAXGRADE_TEST_ARTIFACTS")
        if artifacts:
            kept = Path(artifacts) / "hub"
            kept.mkdir(parents=True, exist_ok=True)
            for path in [site.log, *base.glob("*.png"), *base.glob("*.html")]:
                if path.exists():
                    shutil.copy(path, kept / path.name)
        shutil.rmtree(base, ignore_errors=True)


# --------------------------------------------------------------------------- the page's blocks
def _names(site: Site, ports: dict[str, int], due: str) -> str:
    """docs/deploy.md's names block, with this test's values in place of the page's."""
    return with_names(doc_block(DEPLOY_DOC, "## The names", "sh"), {
        "PREFIX": str(HUB_DIR), "EXCHANGE": str(site.exchange), "HOMES": str(site.homes), "INSTRUCTOR": TEACHER,
        "STUDENTS": f"{ALICE} {BOB}", "STUDENTS_GROUP": STUDENTS_GROUP, "INSTRUCTORS_GROUP": INSTRUCTORS_GROUP,
        "COURSE_REPO": str(REPO), "HUB_STATE": str(site.state), "UNITS": str(site.base / "units"),
        "LISTEN": "127.0.0.1", "PORT": str(ports["public"]), "HUB_PORT": str(ports["hub"]),
        "PROXY_API_PORT": str(ports["proxy_api"]), "ASSIGNMENT": ASSIGNMENT, "DUE": due})


def _as_root(site: Site, names: str, *blocks: str) -> None:
    """The page's blocks after its names, in one bash as root (a new session: the hub it starts outlives it)."""
    completed = subprocess.run(["bash", "-e"], input=names + "".join(blocks), capture_output=True, text=True,
                               timeout=1200, cwd=site.base, start_new_session=True,
                               env={"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                    "LANG": "C.UTF-8", "HOME": "/root"})
    assert completed.returncode == 0, (completed.stdout[-3000:], completed.stderr[-3000:])


def _deploy(site: Site) -> datetime:
    """Every block of docs/deploy.md a new instructor runs, as written, but the environments'; the due date
    the page's names gave, as the instant it means."""
    ports = {name: free_port() for name in ("public", "hub", "proxy_api")}
    site.url = f"http://127.0.0.1:{ports['public']}"
    page_due = re.search(r'^DUE="([^"]+)"', doc_block(DEPLOY_DOC, "## The names", "sh"), re.M)
    assert page_due and datetime.strptime(page_due[1], "%Y-%m-%d %H:%M").replace(tzinfo=SEOUL) > datetime.now(UTC), \
        "the page's due date is in the future, in the form the test moves"
    # A day from now, written as the page writes it: a wall time in the course's zone.
    due = (datetime.now(UTC) + timedelta(days=1)).astimezone(SEOUL).strftime("%Y-%m-%d %H:%M")
    # The watch service of the hub's configuration is the one docs/watch.md describes.
    service = doc_block(REPO / "docs" / "watch.md", "## As a JupyterHub managed service", "python")
    assert service in (REPO / "deploy" / "hub" / "jupyterhub_config.py").read_text()
    names = _names(site, ports, due)
    accounts = doc_blocks(DEPLOY_DOC, "## Accounts: one per student", "sh")[0]
    course = doc_blocks(DEPLOY_DOC, "## The course", "sh")[0]
    configure, start = doc_blocks(DEPLOY_DOC, "## The hub", "sh")[:2]
    _as_root(site, names, accounts)
    site.passwords = {account: secrets.token_urlsafe(18) for account in ACCOUNTS}
    _run("chpasswd", stdin="".join(f"{name}:{password}\n" for name, password in site.passwords.items()))
    started = time.monotonic()
    _as_root(site, names, course)
    site.figure("the page's course block: clone, course setup, due date, release, jaxgrade warm",
                time.monotonic() - started)
    started = time.monotonic()
    _as_root(site, names, configure, start)

    def answering() -> bool:
        assert _hub_process(site) is not None, site.hub_log()[-5000:]
        try:
            return _get(f"{site.url}/hub/login")[0] == 200
        except OSError:
            return False

    _wait(answering, seconds=180, what="the hub's login page")
    site.figure("hub start (to its login page answering)", time.monotonic() - started)
    _wait(lambda: "watching" in site.hub_log(), seconds=180, what="the watch service to start")
    site.figure("hub start to the watch service watching", time.monotonic() - started)
    return datetime.strptime(due, "%Y-%m-%d %H:%M").replace(tzinfo=SEOUL)


def _hub_process(site: Site) -> psutil.Process | None:
    """The hub the page's start command started (its pid file), while it runs."""
    try:
        process = psutil.Process(int((site.state / "jupyterhub.pid").read_text()))
        return process if process.status() != psutil.STATUS_ZOMBIE else None
    except (OSError, ValueError, psutil.Error):
        return None


def _stop_hub(site: Site) -> float:
    """As the page says: `kill` of the pid in its file; the hub stops its servers and services first."""
    started = time.monotonic()
    hub = _hub_process(site)
    if hub is not None:
        hub.terminate()
        try:
            hub.wait(timeout=150)
        except psutil.TimeoutExpired:
            for process in [hub, *hub.children(recursive=True)]:
                process.kill()
    return time.monotonic() - started


def _get(url: str, timeout: float = 10, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str]]:
    """The status and headers of a GET, redirects not followed, no proxy."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
            return None

    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=timeout) as response:
            return int(response.status), dict(response.headers)
    except urllib.error.HTTPError as error:
        return int(error.code), dict(error.headers)


# --------------------------------------------------------------------------- a person in Chromium
class Person:
    """One Chromium, logged in on the hub as `account`."""

    def __init__(self, site: Site, account: str) -> None:
        from selenium.webdriver.common.by import By

        self.site, self.account, self.By = site, account, By
        self.driver = start_chromium(site.base / f"chromium-{account}")
        self.driver.implicitly_wait(0)

    def log_in(self) -> None:
        By, driver = self.By, self.driver
        driver.get(f"{self.site.url}/hub/login")
        _wait(lambda: driver.find_elements(By.ID, "username_input"), what="the hub's login form")
        driver.find_element(By.ID, "username_input").send_keys(self.account)
        driver.find_element(By.ID, "password_input").send_keys(self.site.passwords[self.account])
        driver.find_element(By.ID, "login_submit").click()
        # The hub starts the account's server, then JupyterLab loads.
        _wait(lambda: f"/user/{self.account}/lab" in driver.current_url
              and driver.find_elements(By.CSS_SELECTOR, ".jp-DirListing"), seconds=300,
              what=f"{self.account}'s JupyterLab (the hub's log: {self.site.log})")

    def body(self) -> str:
        return self.driver.find_element(self.By.TAG_NAME, "body").text

    def buttons(self, label: str) -> list:
        return [b for b in self.driver.find_elements(self.By.TAG_NAME, "button")
                if b.text == label and b.is_displayed() and b.is_enabled()]

    def listed(self, name: str) -> list:
        By = self.By
        return [item for item in self.driver.find_elements(By.CSS_SELECTOR, ".jp-DirListing-item")
                if item.find_element(By.CSS_SELECTOR, ".jp-DirListing-itemName").text == name]

    def keep(self, name: str) -> None:
        """The page as it is now (and the frame's, if in one), for JAXGRADE_TEST_ARTIFACTS."""
        self.driver.save_screenshot(str(self.site.base / f"{self.account}-{name}.png"))
        (self.site.base / f"{self.account}-{name}.html").write_text(self.driver.page_source)

    def quit(self) -> None:
        self.driver.quit()


def _edit_as(site: Site, account: str, answers: dict[str, str]) -> None:
    """The student's work, written into their fetched notebook by their own account."""
    script = ("import json, sys, nbformat\n"
              "path, answers = sys.argv[1], json.load(sys.stdin)\n"
              "notebook = nbformat.read(path, as_version=4)\n"
              "for cell in notebook.cells:\n"
              "    grade_id = cell.metadata.get('nbgrader', {}).get('grade_id')\n"
              "    if grade_id in answers:\n"
              "        cell.source = answers.pop(grade_id)\n"
              "assert not answers, answers\n"
              "nbformat.write(notebook, path)\n")
    site.as_account(account, f"python -c {_quote(script)} {ASSIGNMENT}/{ASSIGNMENT}.ipynb",
                    stdin=json.dumps({solution_cell_id(name): source for name, source in answers.items()}))


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"


def _inbound_of(site: Site, account: str) -> list[Path]:
    uid = pwd.getpwnam(account).pw_uid
    inbound = site.exchange / "jax-course" / "inbound"
    return [entry for entry in inbound.iterdir() if entry.stat().st_uid == uid and f"+{ASSIGNMENT}+" in entry.name
            and (entry / f"{ASSIGNMENT}.ipynb").exists()]


def _student_session(site: Site, account: str, answers: dict[str, str],
                     between: Callable[[], None] | None = None) -> str:
    """Log in, Fetch, work, Submit, Fetch Feedback, read the verdict in JupyterLab; the verdict's text."""
    person = Person(site, account)
    By, driver = person.By, person.driver
    try:
        started = time.monotonic()
        person.log_in()
        site.figure(f"{account}: login to JupyterLab (the hub starts the server)", time.monotonic() - started)
        _menu(driver, "Nbgrader", "Assignment List")
        _wait(lambda: "Released assignments" in person.body() and person.buttons("Fetch"),
              what=f"{ASSIGNMENT} released, in {account}'s Assignments panel")
        person.buttons("Fetch")[0].click()
        notebook = site.home(account) / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        _wait(notebook.exists, what=f"{ASSIGNMENT} fetched into {account}'s home")
        assert notebook.stat().st_uid == pwd.getpwnam(account).pw_uid
        if between is not None:
            between()
        _edit_as(site, account, answers)
        _wait(lambda: person.buttons("Submit"), what="a Submit button")[0].click()
        submitted = time.monotonic()
        _wait(lambda: _inbound_of(site, account), what=f"{account}'s submission in the exchange")

        def offered() -> bool:
            """Refresh the panel, and give the lists a second to come back (the figure is then within one)."""
            driver.find_element(By.ID, "refresh_assignments_list").click()
            try:
                return bool(_wait(lambda: "(feedback available to fetch)" in person.body(), seconds=1))
            except AssertionError:
                return False

        _wait(offered, seconds=900, what=f"the service's feedback for {account} (the hub's log: {site.log})")
        site.figure(f"{account}: Submit to feedback offered in the panel", time.monotonic() - submitted)
        _wait(lambda: person.buttons("Fetch Feedback"), what="the Fetch Feedback button")[0].click()
        view = _wait(lambda: [a for a in driver.find_elements(By.TAG_NAME, "a")
                              if a.text.strip() == "(view feedback)" and a.is_displayed()], what="(view feedback)")[0]
        view.click()
        page = _wait(lambda: person.listed(f"{ASSIGNMENT}.html"), what="the feedback page in the file browser")[0]
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(driver).double_click(page).perform()
        frame = _wait(lambda: [f for f in driver.find_elements(By.CSS_SELECTOR, ".jp-HTMLViewer iframe")
                               if f.is_displayed()], what="the feedback page opened in JupyterLab")[0]
        driver.switch_to.frame(frame)
        try:
            verdict = _wait(lambda: (lambda text: text if "jaxgrade ·" in text else None)(person.body()),
                            what="the verdict in the feedback page")
        finally:
            driver.switch_to.default_content()
        site.figure(f"{account}: login to verdict read", time.monotonic() - started)
        driver.save_screenshot(str(site.base / f"feedback-{account}.png"))
        return str(verdict)
    finally:
        person.quit()


# --------------------------------------------------------------------------- the instructor in the formgrader
class Responsiveness:
    """GETs the instructor's server every half second from a thread: how long its event loop keeps it waiting."""

    def __init__(self, url: str) -> None:
        self.url, self.samples, self.stop = url, [], threading.Event()
        self.thread = threading.Thread(target=self._probe, daemon=True)

    def _probe(self) -> None:
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                _get(self.url, timeout=600)
            except OSError:
                pass
            self.samples.append((started, time.monotonic() - started))
            self.stop.wait(0.5)

    def longest(self, since: float, until: float) -> float:
        return max((seconds for at, seconds in self.samples if since <= at + seconds and at <= until), default=0.0)


def _formgrader(site: Site, person: Person, probe: Responsiveness) -> dict[str, str]:
    """Collect, then Autograde each student, in the formgrader; the Collect log and each student's score as the
    formgrader shows it.

    JupyterLab's Nbgrader > Formgrader opens it in a frame, which must load (JupyterHub forbids frames by default,
    and Chromium then shows "refused to connect"); the test then works in the formgrader opened in a tab of its
    own (/user/INSTRUCTOR/formgrader), where Selenium reads its tables without switching frames.
    """
    By, driver = person.By, person.driver
    started = time.monotonic()
    _menu(driver, "Nbgrader", "Formgrader")
    frame = _wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#formgrader-iframe iframe"),
                  what="the formgrader's frame")[0]
    driver.switch_to.frame(frame)
    try:
        _wait(lambda: "Manage Assignments" in person.body() and ASSIGNMENT in person.body(), seconds=120,
              what="the formgrader's Manage Assignments inside JupyterLab's frame")
    except BaseException:
        driver.switch_to.default_content()
        person.keep("formgrader-frame")
        raise
    driver.switch_to.default_content()
    site.figure("formgrader: opened inside JupyterLab (its frame shows Manage Assignments)", time.monotonic() - started)
    started = time.monotonic()
    driver.get(f"{site.url}/user/{TEACHER}/formgrader")
    try:
        def modal(title: str) -> str | None:
            shown = [m for m in driver.find_elements(By.CSS_SELECTOR, ".modal") if m.is_displayed()]
            return next((m.text for m in shown if title in m.text), None)

        def close_modal() -> None:
            def closed() -> bool:  # in _wait: an element the page redraws meanwhile is tried again
                for button in driver.find_elements(By.CSS_SELECTOR, ".modal button.close"):
                    if button.is_displayed():
                        button.click()
                return not [m for m in driver.find_elements(By.CSS_SELECTOR, ".modal") if m.is_displayed()]

            _wait(closed, what="the dialog to close")

        def row_link(text: str, cell: str) -> list:
            return [link for row in driver.find_elements(By.CSS_SELECTOR, "tbody tr") if text in row.text
                    for link in row.find_elements(By.CSS_SELECTOR, f"td.{cell} a") if link.is_displayed()]

        _wait(lambda: row_link(ASSIGNMENT, "collect"), seconds=180, what=f"{ASSIGNMENT} in Manage Assignments")
        site.figure("formgrader: opened (Manage Assignments)", time.monotonic() - started)
        started = time.monotonic()
        _wait(lambda: row_link(ASSIGNMENT, "collect")[0].click() or True, what="Collect pressed")
        collected = _wait(lambda: modal(f"Successfully collected submissions of '{ASSIGNMENT}'"), seconds=600,
                          what="Collect to finish")
        site.figure("formgrader: Collect", time.monotonic() - started)
        close_modal()
        _wait(lambda: row_link(ASSIGNMENT, "num-submissions")[0].click() or True, what="the number of submissions")
        scores = {student: _autograde(site, driver, probe, student, row_link, modal, close_modal)
                  for student in (ALICE, BOB)}
        return {"collect": str(collected), **scores}
    except BaseException:
        person.keep("formgrader")
        raise


def _autograde(site: Site, driver, probe: Responsiveness, student: str, row_link, modal, close_modal) -> str:
    """Press the student's Autograde button in Manage Submissions; the score the formgrader then shows."""
    from selenium.webdriver.common.by import By

    _wait(lambda: row_link(student, "autograde"), seconds=120, what=f"{student}'s Autograde button")
    started = time.monotonic()
    _wait(lambda: row_link(student, "autograde")[0].click() or True, what=f"{student}'s Autograde pressed")
    _wait(lambda: modal(f"Successfully autograded '{ASSIGNMENT}' for student '{student}'"), seconds=900,
          what=f"the formgrader to autograde {student}")
    finished = time.monotonic()
    site.figure(f"formgrader: Autograde {student}", finished - started)
    site.figure(f"formgrader: longest wait of the instructor's server while autograding {student}",
                probe.longest(started, finished))
    close_modal()
    return str(_wait(lambda: [row.find_element(By.CSS_SELECTOR, "td.score").text
                              for row in driver.find_elements(By.CSS_SELECTOR, "tbody tr")
                              if student in row.text and "/" in row.text][:1], what=f"{student}'s score")[0])


def _export_in_a_terminal(site: Site, person: Person) -> list[dict[str, str]]:
    """File > New > Terminal in the instructor's JupyterLab; `nbgrader export` typed there; grades.csv's rows."""
    By, driver = person.By, person.driver
    driver.get(f"{site.url}/user/{TEACHER}/lab")
    _wait(lambda: driver.find_elements(By.CSS_SELECTOR, ".jp-DirListing"), seconds=120, what="JupyterLab")
    _menu(driver, "File", "New")

    def terminal_item() -> bool:
        for label in driver.find_elements(By.CSS_SELECTOR, ".lm-Menu-itemLabel"):
            if label.text == "Terminal" and label.is_displayed():
                label.click()
                return True
        return False

    _wait(terminal_item, what="File > New > Terminal")
    typing = _wait(lambda: [t for t in driver.find_elements(By.CSS_SELECTOR, ".jp-Terminal .xterm-helper-textarea")],
                   what="a terminal")[-1]
    grades, status = site.course / "grades.csv", site.course / "export.status"
    started = time.monotonic()
    # What is typed before the terminal's connection opens waits for it (JupyterLab queues it).
    typing.send_keys("cd ~/jax-course && nbgrader export > export.log 2>&1; echo $? > export.status\n")
    _wait(lambda: status.exists() and status.read_text().strip(), seconds=300,
          what=f"nbgrader export in the terminal (its output: {site.course / 'export.log'})")
    assert status.read_text().strip() == "0", (site.course / "export.log").read_text()[-3000:]
    assert grades.stat().st_uid == pwd.getpwnam(TEACHER).pw_uid
    site.figure("instructor: nbgrader export typed in a JupyterLab terminal", time.monotonic() - started)
    with grades.open(newline="") as handle:
        return list(csv.DictReader(handle))


# --------------------------------------------------------------------------- the test
def _processes_of(*accounts: str) -> list[psutil.Process]:
    """The accounts' processes still running. A zombie has exited: only its entry is left, for whoever
    adopted it (this machine's init, on its own schedule) to reap."""
    uids = {pwd.getpwnam(account).pw_uid for account in accounts}
    found = []
    for process in psutil.process_iter(["uids", "status"]):
        try:
            if process.info["uids"] and process.info["uids"].real in uids \
                    and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process)
        except psutil.Error:
            continue
    return found


def _command_lines(processes: list[psutil.Process]) -> list[str]:
    lines = []
    for process in processes:
        try:
            lines.append(" ".join(process.cmdline()))
        except psutil.Error as error:  # gone, or exited since it was listed
            lines.append(f"pid {process.pid}: {type(error).__name__}")
    return lines


def _service_processes(site: Site) -> list[psutil.Process]:
    return [p for p in _processes_of(TEACHER)
            if "watch" in p.cmdline() and any(part.endswith("/jaxgrade") for part in p.cmdline())]


def _mode(path: Path) -> tuple[str, str]:
    status = path.stat()
    return pwd.getpwuid(status.st_uid).pw_name, oct(status.st_mode & 0o7777)[2:]


def test_a_course_on_jupyterhub_with_an_account_per_student(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    full = max_score(ASSIGNMENT)
    norm_full = max_score(ASSIGNMENT, "norm")
    bob_norm = norm_full - points(ASSIGNMENT, "norm.jit_compiled", "norm.jit_speedup")
    bob_total = full - points(ASSIGNMENT, "norm.jit_compiled", "norm.jit_speedup")
    alice_answers = student_answers(ASSIGNMENT)
    bob_answers = {**alice_answers, "norm": BOB_NORM}

    due = _deploy(site)
    # The page's accounts: private homes, bash for JupyterLab's terminal.
    for account in ACCOUNTS:
        assert _mode(site.home(account)) == (account, "700") and pwd.getpwnam(account).pw_shell == "/bin/bash"
    # The page's course: a clone, whose gradebook knows every released notebook and the instant the page meant.
    from nbgrader.api import Gradebook

    released = {path.parent.name: path.stem for path in (site.course / "release").glob("*/*.ipynb")}
    assert set(released) == {path.name for path in (REPO / "release").iterdir() if path.is_dir()}
    with Gradebook(f"sqlite:///{site.course / 'gradebook.db'}") as gradebook:
        for assignment, notebook in released.items():
            assert [n.name for n in gradebook.find_assignment(assignment).notebooks] == [notebook], assignment
        stored = gradebook.find_assignment(ASSIGNMENT).duedate.replace(tzinfo=UTC)
    assert stored == due, (stored, due)
    assert f"until {due.astimezone(SEOUL):%Y-%m-%d %H:%M:%S} KST" in site.hub_log(), site.hub_log()[-3000:]

    # The instructor environment holds the grader and the solutions: no student can read them.
    solutions = next((HUB_DIR / "instructor" / "lib").glob("python3*/site-packages/solutions/jit.py"))
    peek = site.as_account(ALICE, f"cat {solutions}", check=False)
    assert peek.returncode != 0 and "Permission denied" in peek.stderr, peek
    assert "def norm" in site.as_account(TEACHER, f"cat {solutions}").stdout

    try:
        # Alice: the full cycle in her JupyterLab.
        alice_verdict = _student_session(site, ALICE, alice_answers)
        assert f"jaxgrade · norm: {norm_full:g} / {norm_full:g}" in alice_verdict, alice_verdict
        assert BOB not in alice_verdict

        # Bob: before his own work, he submits his untouched notebook under Alice's name, from a terminal.
        def forge() -> None:
            started = time.monotonic()
            site.as_account(BOB, f"nbgrader submit {ASSIGNMENT} --course jax-course --student {ALICE}")
            _wait(lambda: f"was made by account '{BOB}'" in site.hub_log(), seconds=120,
                  what="the service to refuse the submission made under Alice's name")
            site.figure(f"{BOB}: submit as {ALICE} to NOT COUNTED in the service's log", time.monotonic() - started)

        bob_verdict = _student_session(site, BOB, bob_answers, between=forge)
        assert f"jaxgrade · norm: {bob_norm:g} / {norm_full:g}" in bob_verdict, bob_verdict
        assert f"jaxgrade · norm: {norm_full:g} / {norm_full:g}" not in bob_verdict  # not Alice's
        assert ALICE not in bob_verdict
        log = site.hub_log()
        assert re.search(rf"NOT COUNTED: .*claims '{ALICE}'.*was made by account '{BOB}'|"
                         rf"NOT COUNTED: .*was made by account '{BOB}'.*claims '{ALICE}'", log), log[-5000:]
        verdicts = re.findall(r"^(\S+) \([^)]*\): verdict released, ([\d.]+) / ([\d.]+)", log, re.M)
        expected = [(ALICE, f"{full:g}", f"{full:g}"), (BOB, f"{bob_total:g}", f"{full:g}")]
        assert sorted(verdicts) == sorted(expected), log
        for account in (ALICE, BOB):  # each fetched one page, their own
            pages = list((site.home(account) / ASSIGNMENT / "feedback").glob(f"*/{ASSIGNMENT}.html"))
            assert len(pages) == 1, pages

        # File modes, as docs/deploy.md lists them.
        course_exchange = site.exchange / "jax-course"
        assert _mode(site.exchange) == ("root", "1777")
        assert _mode(course_exchange) == (TEACHER, "755") and _mode(course_exchange / "outbound") == (TEACHER, "755")
        assert _mode(course_exchange / "inbound") == (TEACHER, "2733")
        assert _mode(course_exchange / "feedback") == (TEACHER, "711")
        for entry in _inbound_of(site, ALICE) + _inbound_of(site, BOB):
            assert _mode(entry)[1] == "777"
        for account in ACCOUNTS:
            assert _mode(site.home(account)) == (account, "700")
        instructor_env = HUB_DIR / "instructor"
        assert (_mode(instructor_env), instructor_env.stat().st_gid) == (
            ("root", "750"), grp.getgrnam(INSTRUCTORS_GROUP).gr_gid)

        # The deadline passes; the service dies (kill -9): the hub starts it again, and it stays idle.
        site.as_account(TEACHER, f"jaxgrade course due {ASSIGNMENT} "
                                 f"'{datetime.now(UTC).strftime('%Y-%m-%d %H:%M:%S')}+00:00'", cwd=site.course)
        [service] = _service_processes(site)
        service.kill()
        killed = time.monotonic()

        # The instructor: the formgrader (Collect, Autograde), then grades exported in a terminal.
        person = Person(site, TEACHER)
        probe = Responsiveness(f"{site.url}/user/{TEACHER}/api")
        try:
            started = time.monotonic()
            person.log_in()
            site.figure(f"{TEACHER}: login to JupyterLab (the hub starts the server)", time.monotonic() - started)
            probe.thread.start()
            shown = _formgrader(site, person, probe)
            rows = _export_in_a_terminal(site, person)
        finally:
            probe.stop.set()
            person.quit()
        assert f"was made by account '{BOB}'" in shown["collect"], shown["collect"]
        assert [float(part) for part in shown[ALICE].split("/")] == [full, full], shown
        assert [float(part) for part in shown[BOB].split("/")] == [bob_total, full], shown
        grades = {row["student_id"]: float(row["score"]) for row in rows if row["assignment"] == ASSIGNMENT}
        assert grades == {ALICE: full, BOB: bob_total}, rows

        # The restarted service: once, and idle past the deadline, with no restart after it.
        _wait(lambda: site.hub_log().count("idle until stopped") == 1, seconds=120,
              what="the service, started again by the hub, to wait idle")
        site.figure("service killed to started again and idle (the hub polls every 30 s)", time.monotonic() - killed)
        remaining = 40 - (time.monotonic() - killed)
        if remaining > 0:
            time.sleep(remaining)  # longer than the hub's 30 s poll: a service that exited would be started again
        log = site.hub_log()
        assert log.count(f"Service {SERVICE} exited with status") == 1, log[-5000:]
        assert "exited with status -9" in log and log.count("watching") == 1, log[-5000:]
        assert len(_service_processes(site)) == 1
    finally:
        stopped = _stop_hub(site)
    site.figure("hub stop (services, servers, proxy)", stopped)
    assert "Cleaning up" in site.hub_log()[-5000:] or "Shutting down" in site.hub_log(), site.hub_log()[-5000:]
    # The hub has stopped every server and service it started: what they leave is at most exiting.
    try:
        _wait(lambda: not _processes_of(*ACCOUNTS), seconds=15, what="the accounts' processes to exit")
    except AssertionError:
        raise AssertionError(f"left running: {_command_lines(_processes_of(*ACCOUNTS))}") from None
    assert "Traceback" not in site.hub_log(), site.hub_log()[-8000:]
    verdicts = sorted(seconds for name, seconds in site.figures.items() if "Submit to feedback offered" in name)
    with capsys.disabled():
        print("\n[hub] figures (seconds):\n" + "\n".join(f"  {seconds:7.1f}  {name}"
                                                         for name, seconds in site.figures.items()))
        print(f"[hub] Submit to verdict offered on screen: median {statistics.median(verdicts):.1f} s, worst "
              f"{verdicts[-1]:.1f} s, the first after the service started included")
    # Verdicts come as fast after a start as later (the watch warms its judges first): measured 5.1 s for the
    # first after the service started and 6.4 s for the next, the panel refreshed every second. These bounds
    # hold on a machine the rest of the suite loads, and still catch a first submission kept waiting for a
    # cold judge (22-26 s before).
    assert statistics.median(verdicts) <= 20 and verdicts[-1] <= 40, verdicts
