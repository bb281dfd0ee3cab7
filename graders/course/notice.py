"""Feedback that is not a verdict: "received, next judged feedback at …", or "could not be graded".

Written where `nbgrader generate_feedback` writes a student's feedback (`feedback/STUDENT/ASSIGNMENT/`),
one page per submitted notebook, with the submission's `timestamp.txt` and `submission_secret.txt`
beside them, so that `nbgrader release_feedback` releases it to that submission like any feedback
and `nbgrader fetch_feedback` finds it. It says nothing of the checks: no verdict, no score.
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

from graders.common.i18n import t

__all__ = ["write_notice"]

# Copied from the submission: release_feedback names the released page after the secret.
_BESIDE = ("timestamp.txt", "submission_secret.txt")


def write_notice(course: Path, assignment: str, student: str, kind: str, lang: str, **params: str) -> Path:
    """The feedback folder of `student`'s collected submission, holding the `watch.KIND` notice.

    The folder is built beside the old one and swapped in, so a crash leaves one or the other.
    """
    submitted = course / "submitted" / student / assignment
    target = course / "feedback" / student / assignment
    scratch = target.with_name(f".{assignment}.notice")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    page = _page(t(f"watch.{kind}_title", lang, assignment=assignment),
                 t(f"watch.{kind}", lang, assignment=assignment, **params), lang)
    for notebook in sorted(submitted.glob("*.ipynb")):
        (scratch / f"{notebook.stem}.html").write_text(page, encoding="utf-8")
    for name in _BESIDE:
        if (submitted / name).is_file():
            shutil.copyfile(submitted / name, scratch / name)
    old = target.with_name(f".{assignment}.old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    scratch.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return target


def _page(title: str, text: str, lang: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            "</head>\n<body>\n"
            f"<h1>{html.escape(title)}</h1>\n<p class=\"jaxgrade-notice\">{html.escape(text)}</p>\n"
            "</body>\n</html>\n")
