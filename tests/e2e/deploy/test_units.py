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
from .docs_blocks import doc_block, doc_blocks, with_names

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


def test_the_hub_unit_that_deploy_md_writes_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    """docs/deploy.md's unit block, run as written after its names block (the folders moved to the test's)."""
    deploy = REPO / "docs" / "deploy.md"
    prefix, state, units = tmp_path / "opt", tmp_path / "state", tmp_path / "units"
    hub = prefix / "hub" / "bin" / "jupyterhub"
    hub.parent.mkdir(parents=True)
    hub.write_text("#!/bin/sh\n")
    hub.chmod(0o755)
    state.mkdir()  # UNITS is made by the block itself
    names = with_names(doc_block(deploy, "## The names", "sh"),
                       {"PREFIX": str(prefix), "HUB_STATE": str(state), "UNITS": str(units)})
    unit_block = next(block for block in doc_blocks(deploy, "## The hub", "sh") if "$UNITS/jupyterhub.service" in block)
    written = subprocess.run(["bash", "-e"], input=names + unit_block, capture_output=True, text=True, timeout=60)
    assert written.returncode == 0, written.stderr
    unit = units / "jupyterhub.service"
    assert f"ExecStart={hub} -f {state}/jupyterhub_config.py" in unit.read_text()
    verified = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=120)
    assert verified.returncode == 0 and not verified.stdout.strip() and not verified.stderr.strip(), verified
