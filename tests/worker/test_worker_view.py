"""Everything a sandboxed worker can read about where it runs is public (issue #49).

The probe below is student code. It reads what any process can read of its own surroundings: the command
lines of every process it can see, its environment, working directory, `sys.path`, mount table, the account
files, the folders it can list, and the compilation cache. Each item is then held to what it may show:
the sandbox's fixed paths, the Python installation and third-party packages every student's environment
has, and the system's own files. Never the host's folder names (they carry the judge's pid and start time),
the cache's host path, which assignments were filled, the course's folders, or other accounts.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from graders.batch.warmup import warm_assignment
from graders.common.assignments import get_assignment
from graders.common.spec import Call
from graders.judge.options import GradingOptions
from graders.judge.submission import Cell, Submission
from graders.judge.supervisor.client import _third_party_paths
from graders.judge.supervisor.isolation import SANDBOX_CACHE, SANDBOX_FOLDER, detect_isolation
from graders.judge.supervisor.public_files import public_folder
from graders.judge.supervisor.session import SubmissionSession

from ..conftest import REPO

_PROBE = f'''
import json, os, sys

def read(path):
    try:
        with open(path, "rb") as handle:
            return handle.read().replace(b"\\0", b" ").decode("utf-8", "replace")
    except OSError as error:
        return type(error).__name__

def listing(path):
    try:
        return sorted(os.listdir(path))
    except OSError as error:
        return type(error).__name__

def look():
    pids = [name for name in os.listdir("/proc") if name.isdigit()]
    return json.dumps({{
        "cmdlines": [read(f"/proc/{{pid}}/cmdline") for pid in pids],
        "environ": read("/proc/self/environ"),
        "mountinfo": read("/proc/self/mountinfo"),
        "cwd": os.getcwd(),
        "path": sys.path,
        "passwd": read("/etc/passwd"),
        "group": read("/etc/group"),
        "root": listing("/"),
        "tmp": listing("/tmp"),
        "folder": listing("{SANDBOX_FOLDER}"),
        "cache": listing("{SANDBOX_CACHE}"),
    }})
'''

# Absolute paths as they appear in the texts: up to a space, a quote, a colon or a comma.
_PATH = re.compile(r"(?<![\w.])/[^\s'\",:]*")


@pytest.mark.skipif(not detect_isolation().full, reason="needs bubblewrap")
def test_everything_a_worker_can_read_about_its_surroundings_is_public(tmp_path: Path) -> None:
    options = GradingOptions(lang="en", cache_directory=str(tmp_path / "xla"))
    assert warm_assignment(get_assignment("jit"), options).ok
    submission = Submission(Path("probe.py"), "python", (Cell(1, "probe.py", _PROBE),))
    session = SubmissionSession(submission, cache=options.compilation_cache())
    try:
        session.start()
        host_folder = str(session.worker._directory) if session.worker and session.worker._directory else ""
        seen = json.loads(session.call("look", Call(())).output)
    finally:
        session.close()
    # The mount table names each bind's host path; a virtual filesystem's (proc, tmpfs, devtmpfs) is a
    # path inside itself, which says nothing about the host.
    sources = []
    for line in seen.pop("mountinfo").splitlines():
        fields = line.split()
        kind = fields[fields.index("-") + 1]
        if kind not in ("proc", "tmpfs", "devtmpfs", "devpts"):
            sources.append(fields[3])
    text = json.dumps(seen) + " " + " ".join(sources)
    # What may appear: the sandbox's own places, the system, the environment every student has, the
    # account's public folder (public_files.py) and the cache folder the instructor chose (it holds only
    # what the released notebooks compile).
    public = [SANDBOX_FOLDER, SANDBOX_CACHE, "/usr", "/etc", "/proc", "/dev", "/tmp", "/bin", "/lib", "/lib64",
              "/sbin", str(Path(sys.base_prefix).resolve()), *_third_party_paths(), str(public_folder()),
              str(Path(options.cache_directory or "").resolve())]
    paths = {path.rstrip("/.)]") for path in _PATH.findall(text.replace("\\n", " "))} - {"", "/"}
    private = sorted(path for path in paths
                     if not any(path == root or path.startswith(root.rstrip("/") + "/") for root in public))
    assert not private, private
    for secret in filter(None, [host_folder, "jaxgrade-worker-", "xla-stamps", "xla-clean", "solutions",
                                "exercises", str(REPO / "release")]):
        assert secret not in text, secret
    # The compilation cache cannot be listed; the accounts are the worker's own and root.
    assert seen["cache"] == "PermissionError"
    assert {line.split(":")[0] for line in seen["passwd"].splitlines()} <= {"root", "student"}
    assert seen["cwd"] == SANDBOX_FOLDER
