"""Every judge on a machine shares one public folder (public_files.py): the runtime's copy and matplotlib's font
list are built once for all of them. A judge process points `tempfile` at a scratch folder of its own; until
session 36 the public folder followed it there, so each of a pool's judges built the font list again (0.4 CPU-s,
its first worker 0.36 s later) and a worker's mount table named its judge's scratch folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from graders.judge.supervisor.public_files import public_folder

from ..conftest import REPO

_JUDGE = """
import sys, tempfile
from graders.batch import judge_process
from graders.judge.options import GradingOptions
from graders.judge.supervisor.public_files import public_folder
judge_process.start_judge_process(GradingOptions(lang="en"), sys.argv[1])
print(tempfile.gettempdir())
print(public_folder())
"""


def test_a_judge_process_keeps_the_machines_public_folder_not_one_under_its_scratch_folder(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    completed = subprocess.run([sys.executable, "-c", _JUDGE, str(scratch)], capture_output=True, text=True,
                               cwd=REPO, env={**os.environ, "JAXGRADE_LANG": "en"}, timeout=300)
    assert completed.returncode == 0, completed.stderr[-2000:]
    own_temporary, judges_public = completed.stdout.split()[-2:]
    assert Path(own_temporary).is_relative_to(scratch)  # the judge's own files go to its scratch folder
    assert Path(judges_public) == public_folder()  # the public ones stay the machine's
