"""JUnit XML: one test case per exercise and check, as CI systems expect."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

from graders.common.results import FileError, Status, SubmissionResult

__all__ = ["render_junit"]


def render_junit(results: Sequence[SubmissionResult | FileError], lang: str = "en") -> str:
    root = ElementTree.Element("testsuites", name="jaxgrade")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for result in results:
        suite = ElementTree.SubElement(root, "testsuite", name=f"{result.submission} [{result.assignment}]")
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        if isinstance(result, FileError):
            case = ElementTree.SubElement(suite, "testcase", classname=result.assignment, name="submission", time="0")
            ElementTree.SubElement(case, "error", message=result.message, type="SubmissionError").text = result.message
            counts.update(tests=1, errors=1)
        else:
            for exercise in result.exercises:
                for check in exercise.checks:
                    counts["tests"] += 1
                    case = ElementTree.SubElement(
                        suite, "testcase", classname=f"{result.assignment}.{exercise.name}", name=check.name,
                        time=f"{float(check.timings.get('seconds', 0.0)):.3f}")
                    points = f"{check.points:g}/{check.max_points:g}"
                    if check.status is Status.FAILED:
                        counts["failures"] += 1
                        ElementTree.SubElement(case, "failure", message=f"{points}: {check.message[:500]}",
                                               type="failed").text = check.message
                    elif check.status is Status.ERROR:
                        counts["errors"] += 1
                        ElementTree.SubElement(case, "error", message=check.message[:500],
                                               type="error").text = check.message
                    elif check.status is Status.SKIPPED:
                        counts["skipped"] += 1
                        ElementTree.SubElement(case, "skipped", message=check.message)
                    else:
                        ElementTree.SubElement(case, "system-out").text = f"{points}: {check.message}"
            # JUnit puts <properties> before the test cases.
            properties = ElementTree.Element("properties")
            for name, value in (("score", f"{result.score:g}"), ("max_score", f"{result.max_score:g}"),
                                *((f"flag.{index}", flag) for index, flag in enumerate(result.flags))):
                ElementTree.SubElement(properties, "property", name=name, value=value)
            suite.insert(0, properties)
        for key, count in counts.items():
            suite.set(key, str(count))
            totals[key] += count
    for key, total in totals.items():
        root.set(key, str(total))
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"
