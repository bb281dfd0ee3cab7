"""Write tests/durations.json, each test file's seconds, from a pytest JUnit XML report.

    pytest -n 2 --dist loadfile tests/unit tests/worker tests/e2e --junitxml=/tmp/junit.xml
    python -m tests.durations /tmp/junit.xml

The scheduler (conftest.py) only reads it to start the longest files first.
"""

from __future__ import annotations

import collections
import json
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

__all__ = ["file_seconds"]

_OUTPUT = Path(__file__).resolve().parent / "durations.json"


def file_seconds(junit: Path) -> dict[str, int]:
    """Seconds per test file (setup, call and teardown of its tests), whole seconds, files of 2 s or more."""
    totals: collections.Counter[str] = collections.Counter()
    for case in ElementTree.parse(junit).iter("testcase"):
        parts = (case.get("classname") or "").split(".")
        module = next((index for index, part in enumerate(parts) if part.startswith("test_")), None)
        if module is not None:
            totals["/".join(parts[:module + 1]) + ".py"] += float(case.get("time") or 0)
    return {name: round(seconds) for name, seconds in sorted(totals.items()) if round(seconds) >= 2}


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_file():
        raise SystemExit("usage: python -m tests.durations JUNIT_XML (a pytest --junitxml report)")
    _OUTPUT.write_text(json.dumps(file_seconds(Path(sys.argv[1])), indent=1, sort_keys=True) + "\n", encoding="utf-8")
