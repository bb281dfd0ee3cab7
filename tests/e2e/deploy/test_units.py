"""The systemd unit of docs/watch.md, as written there: `systemd-analyze verify` finds nothing to say about it.

`verify` checks that ExecStart's program exists and is executable, so the unit is verified with the course
moved to a folder of the test's holding an executable `jaxgrade` there; nothing else of it changes. Skipped
where systemd is not installed (no systemd needs to be running).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ..course.nbgrader_course import REPO
from .docs_blocks import doc_block

WATCH_DOC = REPO / "docs" / "watch.md"

pytestmark = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")


def _verify(unit: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    jaxgrade = tmp_path / "env" / "bin" / "jaxgrade"
    jaxgrade.parent.mkdir(parents=True)
    jaxgrade.write_text("#!/bin/sh\n")
    jaxgrade.chmod(0o755)
    assert "/opt/jax-course/instructor/bin/jaxgrade" in unit and "/home/instructor/jax-course" in unit
    moved = unit.replace("/opt/jax-course/instructor", str(tmp_path / "env")).replace(
        "/home/instructor/jax-course", str(tmp_path))
    path = tmp_path / "jaxgrade-watch@.service"
    path.write_text(moved)
    return subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=120)


def test_the_documented_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    unit = doc_block(WATCH_DOC, "## As a systemd unit", "ini")
    verified = _verify(unit, tmp_path)
    assert verified.returncode == 0 and not verified.stdout.strip() and not verified.stderr.strip(), verified
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    # SIGTERM ends the service with status 0 (tests/e2e/course/test_watch_service.py): no SuccessExitStatus needed.
    assert settings["KillMode"] == "mixed" and "SuccessExitStatus" not in settings
    assert settings["Restart"] == "on-failure" and settings["User"] == "instructor"


def test_verify_does_speak_up_about_a_broken_unit(tmp_path: Path) -> None:
    """The check above can fail: a misspelt setting makes `verify` say so."""
    unit = doc_block(WATCH_DOC, "## As a systemd unit", "ini").replace("KillMode=mixed", "KillMode=mixd")
    verified = _verify(unit, tmp_path)
    assert "kill mode" in verified.stdout + verified.stderr, verified
