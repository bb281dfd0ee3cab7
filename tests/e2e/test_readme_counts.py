"""The README's test counts are the suite's: collected by pytest in a subprocess, by kind."""

from __future__ import annotations

import re
import subprocess
import sys

from ..conftest import REPO

README = REPO / "README.md"


def _collected() -> dict[str, int]:
    """Tests by kind, as pytest collects them: each node id starts with its kind's folder."""
    completed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q"], cwd=REPO,
                               capture_output=True, text=True, timeout=300)
    ids = [line for line in completed.stdout.splitlines() if line.startswith("tests/")]
    assert ids and completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    return {"unit": sum(node.startswith("tests/unit/") for node in ids), "every": len(ids)}


def test_the_readme_counts_the_tests_there_are() -> None:
    text = README.read_text()
    unit = re.search(r"`make test-fast` runs only the unit tests.*?: ([\d,]+) tests", text, re.S)
    every = re.search(r"takes [\w ]*?minutes from a clean clone[^(]*\(([\d,]+) tests", text, re.S)
    assert unit and every, "README.md's 'Tests and benchmarks' should count the unit tests and every test"
    counted = _collected()
    assert {"unit": int(unit.group(1).replace(",", "")), "every": int(every.group(1).replace(",", ""))} == counted, (
        f"README.md counts {unit.group(1)} unit tests and {every.group(1)} in all; collected: {counted}")
