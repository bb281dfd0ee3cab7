"""`jaxgrade demo`: grade the bundled samples and end with what each one shows.

The samples and their descriptions are listed in `samples/manifest.toml`.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from graders.batch.grading import grade_many
from graders.batch.pool import FileOutcome
from graders.common.i18n import t
from graders.common.results import SubmissionResult
from graders.judge.options import GradingOptions
from graders.reports.text_report import render_text

__all__ = ["Sample", "read_manifest", "run_demo"]


@dataclass(frozen=True)
class Sample:
    path: Path
    assignment: str
    shows: Mapping[str, str]


def read_manifest(directory: Path) -> list[Sample]:
    """The samples `directory/manifest.toml` lists; ValueError names what is wrong with it."""
    manifest = directory / "manifest.toml"
    try:
        entries = tomllib.loads(manifest.read_text(encoding="utf-8")).get("sample", [])
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ValueError(
            f"{manifest}: cannot be read as TOML ({error}); see samples/manifest.toml in the repository"
        ) from None
    samples = []
    for position, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not {"file", "assignment", "shows"} <= set(entry):
            raise ValueError(f"{manifest}: sample {position} needs file, assignment and shows.en / shows.ko")
        samples.append(Sample(directory / entry["file"], entry["assignment"], entry["shows"]))
    return samples


def run_demo(directory: Path, lang: str, console: Console) -> list[FileOutcome]:
    """Grade every sample (its full report on `console` as it is graded), then print the summary table.

    Samples of one assignment in a row are one batch, through the batch path `jaxgrade grade` takes.
    """
    options = GradingOptions(lang=lang)
    graded: list[tuple[Sample, FileOutcome]] = []

    def show(position: int, outcome: FileOutcome) -> None:
        console.out(render_text([outcome], lang=lang, width=console.width), end="")

    for assignment, group in itertools.groupby(read_manifest(directory), key=lambda sample: sample.assignment):
        samples = list(group)
        outcomes = grade_many([sample.path for sample in samples], assignment, options, progress=show)
        graded.extend(zip(samples, outcomes, strict=True))
    table = Table(title=t("demo.title", lang), show_lines=False)
    table.add_column(t("report.submission", lang), no_wrap=True)
    table.add_column(t("report.assignment", lang), no_wrap=True)
    table.add_column(t("report.score", lang), justify="right", no_wrap=True)
    table.add_column(t("demo.shows", lang), ratio=1)
    for sample, result in graded:
        # Text, not markup: descriptions quote code such as x[i] that rich would read as tags.
        score = f"{result.score:g} / {result.max_score:g}" if isinstance(result, SubmissionResult) else result.message
        table.add_row(Text(str(sample.path)), Text(sample.assignment), Text(score),
                      Text(sample.shows.get(lang, sample.shows.get("en", ""))))
    console.print(table)
    return [result for _, result in graded]
