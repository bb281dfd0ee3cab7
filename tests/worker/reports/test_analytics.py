"""The class report renders in a real browser without errors, and its numbers match the reports."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from graders.common.results import FileError
from graders.reports import render_json

from ...browser import needs_chromium, start_chromium
from ...conftest import REPO, SUBMISSIONS, max_score

JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))
GRADED = [REPO / "solutions" / "jit.py", SUBMISSIONS / "jit" / "faulty_a.py", SUBMISSIONS / "jit" / "faulty_b.py",
          SUBMISSIONS / "jit" / "stub.py"]


@needs_chromium
def test_class_report_renders_cleanly_and_counts_right(graded, tmp_path: Path) -> None:
    results = [graded(path, "jit") for path in GRADED]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(render_json(results[:2]))
    second.write_text(render_json([*results[2:], FileError("broken.ipynb", "jit", "broken.ipynb: corrupt notebook JSON",
                                                           max_score("jit"))]))
    page = tmp_path / "class.html"
    completed = subprocess.run([JAXGRADE, "report", "--output", str(page), str(first), str(second)],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    text = page.read_text()
    assert text.count("<svg") == 3
    assert 'src="http' not in text and "<link" not in text and "<script" not in text  # self-contained

    driver = start_chromium(tmp_path / "chromium")
    try:
        driver.get(page.as_uri())
        severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert severe == []
        totals = driver.find_element("id", "totals")
        assert totals.get_attribute("data-submissions") == "4" and totals.get_attribute("data-ungraded") == "1"
        mean = statistics.mean(100 * r.score / r.max_score for r in results)
        cell = driver.find_element("css selector", "#assignments td[data-mean]")
        assert float(cell.get_attribute("data-mean")) == round(mean, 1)
        checks = [c for r in results for e in r.exercises for c in e.checks
                  if c.name == "jit_compiled" and c.status.value != "skipped"]
        rate = 100 * sum(c.status.value == "failed" for c in checks) / len(checks)
        rows = {row.find_element("css selector", "td").text: row
                for row in driver.find_elements("css selector", "#checks tr")
                if row.find_elements("css selector", "td")}
        assert float(rows["jit_compiled"].find_element("css selector", "td[data-rate]").get_attribute("data-rate")) \
            == round(rate, 1)
        assert "broken.ipynb" in driver.find_element("id", "ungraded").text
        assert driver.find_elements("css selector", "#messages td[data-count]")
        driver.save_screenshot(str(tmp_path / "class.png"))
    finally:
        driver.quit()


def test_report_refuses_files_that_are_not_reports(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.json"
    bogus.write_text(json.dumps({"hello": "world"}))
    completed = subprocess.run([JAXGRADE, "report", str(bogus)], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2 and "not a jaxgrade JSON report" in completed.stderr
    assert len(completed.stderr.strip().splitlines()) == 1
