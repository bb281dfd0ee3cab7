"""Do the grader's failure messages name the line at fault?

Grades every file labelled in tests/fault_lines.py and tests/heldout*_fault_lines.py once (or, with
`--only heldout36`, one labelled set) and,
for each faulty function, looks for its labelled line in the messages of that exercise's checks
that failed or erred, or were held back behind `correctness` while finding a failure
(`details["found"] == "failed"`). A message names the line when it says `line N` (`N번째 줄` in
Korean) for a labelled N and, in a notebook, also the cell: `(cell C)` (`(C번째 셀)`).

Prints the share of labelled functions whose line some message names, per assignment, per check
and per labelled set; how long the first messages' first sentences are; then every label with
the first failing message, so that a person can judge whether it gives the cause. A file that is
missing or cannot be graded counts as not named. No timed assertions.

    .venv/bin/python benchmarks/diagnosis.py [--lang en|ko] [--only heldout36]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from graders.batch.grading import grade_many
from graders.common.results import CheckResult, FileError, Status, SubmissionResult
from graders.judge.options import GradingOptions
from graders.judge.submission import read_submission

if TYPE_CHECKING:
    from tests.fault_lines import FaultLine

REPO = Path(__file__).resolve().parent.parent
MESSAGE_CHARS = 400


def _labels() -> tuple[FaultLine, ...]:
    # tests/ is the repository's own package, not an installed one: run from anywhere.
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from tests.fault_lines import FAULT_LINES
    from tests.heldout31_fault_lines import HELDOUT31
    from tests.heldout36_fault_lines import HELDOUT36
    from tests.heldout36b_fault_lines import HELDOUT36B
    from tests.heldout49_fault_lines import HELDOUT49

    return (*FAULT_LINES, *HELDOUT31, *HELDOUT36, *HELDOUT36B, *HELDOUT49)


@dataclass(frozen=True)
class Finding:
    """What grading said about one labelled function."""

    label: FaultLine
    failing: tuple[CheckResult, ...]  # the exercise's checks that failed, erred, or found a failure while held back
    naming: tuple[str, ...]  # the names of those whose message names the labelled line
    problem: str = ""  # why nothing was graded: a missing file, a FileError, an absent exercise

    @property
    def named(self) -> bool:
        return bool(self.naming)


def names_line(message: str, lines: Sequence[int], cell: str | None) -> bool:
    """Whether `message` names one of `lines` (and, in a notebook, the cell as the message words it:
    `cell`, `Submission.place`'s text for the labelled cell), in English or Korean.

    `line 1` does not match `line 12`.
    """
    if not any(re.search(rf"\bline {n}(?!\d)|(?<!\d){n}번째 줄", message) for n in lines):
        return False
    return cell is None or cell in message


def _failing(result: SubmissionResult, exercise: str) -> tuple[CheckResult, ...] | None:
    graded = next((e for e in result.exercises if e.name == exercise), None)
    if graded is None:
        return None
    return tuple(check for check in graded.checks
                 if check.status in (Status.FAILED, Status.ERROR)
                 or (check.status is Status.SKIPPED and check.details.get("found") == "failed"))


def _grade(path: str, assignment: str, lang: str) -> SubmissionResult | str:
    """The graded file, or why there is none, in one line."""
    if not (REPO / path).is_file():
        return "file missing"
    try:
        [outcome] = grade_many([REPO / path], assignment, GradingOptions(lang=lang))
    except Exception as error:  # noqa: BLE001 - a grader failure on one file is a finding, not a stop
        return f"grading raised {type(error).__name__}: {error}"
    if isinstance(outcome, FileError):
        return f"FileError ({outcome.cause}): {outcome.message}"
    return outcome


def diagnose(labels: Sequence[FaultLine], lang: str) -> list[Finding]:
    """One finding per label, in order, each file graded once."""
    files = list(dict.fromkeys((label.path, label.assignment) for label in labels))
    outcomes: dict[tuple[str, str], SubmissionResult | str] = {}
    for position, (path, assignment) in enumerate(files, start=1):
        started = time.perf_counter()
        outcomes[path, assignment] = _grade(path, assignment, lang)
        print(f"graded {position}/{len(files)} {path} ({assignment}) in {time.perf_counter() - started:.1f} s",
              file=sys.stderr)
    findings = []
    for label in labels:
        outcome = outcomes[label.path, label.assignment]
        if isinstance(outcome, str):
            findings.append(Finding(label, (), (), outcome))
            continue
        failing = _failing(outcome, label.exercise)
        if failing is None:
            findings.append(Finding(label, (), (), f"no exercise {label.exercise!r} in the result"))
            continue
        cell = (read_submission(REPO / label.path).place(f"cell {label.cell}", lang)
                if label.cell is not None else None)
        naming = tuple(check.name for check in failing if names_line(check.message, label.lines, cell))
        findings.append(Finding(label, failing, naming))
    return findings


# A sentence ends at `.`, `!` or `?` before a space, or at a line break; "e.g." and "i.e." do not end one.
_SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)[.!?](?=\s)|\n")
# An array dump as NumPy and JAX print one: `[[`, `Array(`, `array(`.
_OPENS_WITH_ARRAY = re.compile(r"\s*(\[\s*\[|\[\s*-?\d|Array\(|array\()")
FIRST_SENTENCE_LIMIT = 200


def first_sentence(message: str) -> str:
    """What a message says first: up to its first sentence end or line break."""
    match = _SENTENCE_END.search(message)
    return message[:match.end()].strip() if match else message.strip()


def _lengths(findings: Sequence[Finding]) -> Table:
    table = Table(title=f"First messages: their first sentence (limit {FIRST_SENTENCE_LIMIT} characters), by set")
    for column in ("set", "messages", "median", "longest", f"over {FIRST_SENTENCE_LIMIT}", "open with an array",
                   "whole message, median", "longest"):
        table.add_column(column, justify="left" if column == "set" else "right")
    sets: dict[str, list[str]] = {}
    for finding in findings:
        if finding.failing:
            sets.setdefault(_label_set(finding.label), []).append(finding.failing[0].message)
    for name, messages in sets.items():
        firsts = sorted(len(first_sentence(m)) for m in messages)
        wholes = sorted(len(m) for m in messages)
        table.add_row(name, str(len(messages)), str(firsts[len(firsts) // 2]), str(firsts[-1]),
                      str(sum(n > FIRST_SENTENCE_LIMIT for n in firsts)),
                      str(sum(bool(_OPENS_WITH_ARRAY.match(m)) for m in messages)),
                      str(wholes[len(wholes) // 2]), str(wholes[-1]))
    return table


def _long_first_sentences(findings: Sequence[Finding]) -> Table:
    table = Table(title=f"First messages whose first sentence is over {FIRST_SENTENCE_LIMIT} characters")
    for column in ("path", "exercise", "check", "characters", "first sentence"):
        table.add_column(column, overflow="fold")
    for finding in findings:
        if finding.failing:
            first = first_sentence(finding.failing[0].message)
            if len(first) > FIRST_SENTENCE_LIMIT:
                table.add_row(Text(finding.label.path), Text(finding.label.exercise), Text(finding.failing[0].name),
                              str(len(first)), Text(first))
    return table


def _share(named: int, total: int) -> str:
    return f"{named / total:.0%}" if total else "-"


def _by_assignment(findings: Sequence[Finding]) -> Table:
    table = Table(title="Labelled functions whose line a failing message names, by assignment")
    for column in ("assignment", "labelled", "named", "share", "no failing check"):
        table.add_column(column, justify="left" if column == "assignment" else "right")
    for assignment in dict.fromkeys(f.label.assignment for f in findings):
        mine = [f for f in findings if f.label.assignment == assignment]
        named = sum(f.named for f in mine)
        quiet = sum(not f.failing for f in mine)
        table.add_row(assignment, str(len(mine)), str(named), _share(named, len(mine)), str(quiet))
    return table


def _label_set(label: FaultLine) -> str:
    """Which labelled set a file belongs to: the corpus, or a red team's round (held out from the
    detectors written before it)."""
    for folder, name in (("redteam2/", "red team, round 2"), ("redteam/", "red team, round 1"),
                         ("heldout31/", "held-out round 31"), ("heldout36/", "held-out round 36"),
                         ("heldout36b/", "held-out round 36b"),
                         ("heldout49/", "held-out round 49")):
        if folder in label.path:
            return name
    return "corpus"


def _by_set(findings: Sequence[Finding]) -> Table:
    table = Table(title="Labelled functions whose line some failing message names, by labelled set")
    for column in ("set", "labelled", "named", "share"):
        table.add_column(column, justify="left" if column == "set" else "right")
    sets: dict[str, list[Finding]] = {}
    for finding in findings:
        sets.setdefault(_label_set(finding.label), []).append(finding)
    for name, members in sets.items():
        named = sum(f.named for f in members)
        table.add_row(name, str(len(members)), str(named), _share(named, len(members)))
    return table


def _check_order(assignment: str) -> dict[str, int]:
    """The assignment's checks in the order its exercises list them."""
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load

    load()

    names = dict.fromkeys(name for exercise in get_assignment(assignment).exercises for name in exercise.points)
    return {name: position for position, name in enumerate(names)}


def _by_check(findings: Sequence[Finding]) -> Table:
    table = Table(title="By check: labelled functions where the check failed (or found a failure), "
                        "and how many of its messages name the line")
    for column in ("assignment", "check", "labelled", "named", "share"):
        table.add_column(column, justify="left" if column in ("assignment", "check") else "right")
    for assignment in dict.fromkeys(f.label.assignment for f in findings):
        mine = [f for f in findings if f.label.assignment == assignment]
        order = _check_order(assignment)
        for check in sorted({c.name for f in mine for c in f.failing}, key=lambda n: (order.get(n, len(order)), n)):
            failing = [f for f in mine if any(c.name == check for c in f.failing)]
            named = sum(check in f.naming for f in failing)
            table.add_row(assignment, check, str(len(failing)), str(named), _share(named, len(failing)))
    return table


def _where(label: FaultLine) -> str:
    lines = ", ".join(str(n) for n in label.lines)
    return f"cell {label.cell}, line {lines}" if label.cell is not None else f"line {lines}"


def _by_label(findings: Sequence[Finding]) -> Table:
    table = Table(title=f"Every label, with the first failing message (first {MESSAGE_CHARS} characters)",
                  show_lines=True)
    table.add_column("path", no_wrap=True)
    table.add_column("exercise", no_wrap=True)
    table.add_column("label", no_wrap=True)
    table.add_column("cause", max_width=36)
    table.add_column("named", max_width=24)
    table.add_column("first failing message", ratio=1, overflow="fold")
    for finding in findings:
        label = finding.label
        if finding.problem:
            named, message = "no", finding.problem
        elif not finding.failing:
            named, message = "no", "(no check failed)"
        else:
            named = f"yes: {', '.join(finding.naming)}" if finding.named else "no"
            first = finding.failing[0]
            message = f"[{first.name}] {' '.join(first.message.split())}"
        table.add_row(Text(label.path), Text(label.exercise), Text(_where(label)), Text(label.cause), Text(named),
                      Text(message[:MESSAGE_CHARS]))
    return table


def _not_named(findings: Sequence[Finding]) -> Table:
    table = Table(title="Labels that no failing message names")
    for column in ("path", "exercise", "label", "cause", "failing checks"):
        table.add_column(column, no_wrap=column in ("path", "exercise", "label"))
    for finding in findings:
        if not finding.named:
            failing = finding.problem or ", ".join(check.name for check in finding.failing) or "(none)"
            table.add_row(Text(finding.label.path), Text(finding.label.exercise), Text(_where(finding.label)),
                          Text(finding.label.cause), Text(failing))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "ko"), default="en", help="the language of the messages")
    parser.add_argument("--only", default="", metavar="FOLDER",
                        help="grade only the labels whose file lies in this folder, e.g. heldout36")
    arguments = parser.parse_args()
    labels = tuple(label for label in _labels() if f"/{arguments.only}/" in f"/{label.path}" or not arguments.only)
    findings = diagnose(labels, arguments.lang)
    console = Console()
    if not console.is_terminal:  # a file or a pipe: wide enough that each label fits a few lines
        console = Console(width=max(console.width, 200))
    console.print(f"messages in {arguments.lang}; {len(findings)} labelled functions in "
                  f"{len({f.label.path for f in findings})} files")
    console.print(_by_assignment(findings))
    console.print(_by_check(findings))
    console.print(_by_set(findings))
    console.print(_lengths(findings))
    console.print(_long_first_sentences(findings))
    named = sum(f.named for f in findings)
    console.print(f"overall: {named} of {len(findings)} labelled functions ({_share(named, len(findings))}) "
                  "have a failing message that names the labelled line")
    console.print(_by_label(findings))
    console.print(_not_named(findings))


if __name__ == "__main__":
    main()
